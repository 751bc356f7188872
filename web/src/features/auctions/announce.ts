import { formatNumber } from '../../lib/format'
import type { Lot } from './api'

/**
 * What the auction room says to a screen reader (docs/accessibility.md): pure functions from
 * the lot before and after a change, so each bid, each new player and each result is said
 * once, however many renders it takes to arrive.
 */

/** A franchise's name by manager id ("You" for the viewer's own). */
export type NameOf = (managerId: number | null | undefined) => string

/** The lot's sentence for a change, or null when nothing a listener needs has changed. */
export function lotAnnouncement(before: Lot | null, after: Lot, nameOf: NameOf): string | null {
  const was = before?.bidding_player ?? null
  const now = after.bidding_player
  const parts: string[] = []
  if (was && was.id !== now?.id) parts.push(resultOf(before as Lot, nameOf))
  // A new player is said once his card (name, role) has arrived, not at the bare `lot_opened`.
  const named = (p: typeof now) => Boolean(p && p.display_name !== undefined)
  if (now && named(now) && (was?.id !== now.id || !named(was)))
    parts.push(
      `Now bidding: ${now.display_name}, ${now.style_label ?? 'player'}, base price ${formatNumber(now.base_price)}.`,
    )
  const high = after.player_bids[0]
  const wasHigh = was?.id === now?.id ? before?.player_bids[0] : undefined
  if (now && high && (high.amount !== wasHigh?.amount || high.manager_id !== wasHigh?.manager_id)) {
    const who = nameOf(high.manager_id)
    const you = who === 'You'
    // A bot bidding for an absent manager (an auction over days) says so: the seat is theirs.
    const bidder = high.stand_in ? (you ? 'Your stand-in' : `A stand-in for ${who}`) : who
    parts.push(
      `${bidder} ${you && !high.stand_in ? 'bid' : 'bids'} ${formatNumber(high.amount)}. ${who} ${you ? 'lead' : 'leads'}.`,
    )
  }
  if (before && before.paused !== after.paused)
    parts.push(after.paused ? pausedSentence(after) : 'Bidding resumed.')
  return parts.length > 0 ? parts.join(' ') : null
}

/** Who paused it: the owner, or the night (quiet hours, with when bidding resumes). */
function pausedSentence(lot: Lot): string {
  const note = lot.paused_note
  return note ? `${note.replace(/\.$/, '')}.` : 'Paused by the owner.'
}

/** "Sold: R Sharma to Chennai Chargers for 120." or "Unsold: R Sharma." for the lot that closed. */
function resultOf(lot: Lot, nameOf: NameOf): string {
  const name = lot.bidding_player?.display_name ?? 'The player'
  const high = lot.player_bids[0]
  return high
    ? `Sold: ${name} to ${nameOf(high.manager_id)} for ${formatNumber(high.amount)}.`
    : `Unsold: ${name}.`
}

/** The seconds a lot's countdown says aloud; the last three interrupt (assertive), 10 and 5 wait. */
export const SPOKEN_SECONDS = [10, 5, 3, 2, 1] as const
export const URGENT_SECONDS = 3

/**
 * The countdown's word for a new whole second, or null: only on the way down to one of the
 * spoken seconds (a bid that puts the timer back up is not a second to say).
 */
export function secondsAnnouncement(before: number | null, now: number): string | null {
  if (before === null || now >= before) return null
  if (!(SPOKEN_SECONDS as readonly number[]).includes(now)) return null
  return now === 1 ? '1 second left' : `${now} seconds left`
}
