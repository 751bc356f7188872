import type { LotBid, Manager } from '../api'

/**
 * How the board names a manager: its franchise, or with `anonymous` an id such as "Manager 7".
 * The number is the manager's place among the auction's managers in the order they joined
 * (their ids): stable for as long as the auction lasts, and nothing in it comes from a name.
 */
export function boardNames(managers: Manager[], anonymous: boolean) {
  const order = managers.map((m) => m.id).sort((a, b) => a - b)
  const byId = (id: number | null | undefined) => managers.find((m) => m.id === id)
  const name = (id: number | null | undefined, fallback?: string | null): string => {
    if (anonymous) {
      const at = order.indexOf(id ?? -1)
      return at < 0 ? 'A manager' : `Manager ${at + 1}`
    }
    return byId(id)?.franchise_name ?? fallback ?? 'A franchise'
  }
  return {
    name,
    bidder: (bid: LotBid) => name(bid.manager_id, bid.franchise_name),
    // A franchise's colour names it as well as its name does: none while anonymous.
    colour: (id: number | null | undefined) => (anonymous ? null : (byId(id)?.color_hex ?? null)),
  }
}
export type BoardNames = ReturnType<typeof boardNames>
