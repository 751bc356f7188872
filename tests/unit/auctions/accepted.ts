import { type AuctionCommand, type AuctionState, apply } from '../../../server/domain/auction/engine'

/** Applies commands that must all be accepted: a refusal throws with its code and message. */
export function accepted(state: AuctionState, ...commands: AuctionCommand[]): AuctionState {
  let s = state
  for (const c of commands) {
    const r = apply(s, c)
    if (!r.ok) throw new Error(`${c.type} refused: ${r.violation.code} ${r.violation.message}`)
    s = r.state
  }
  return s
}
