/** A row of a live board that shows how it moved at its last change of rank. */
export interface MovingRow {
  rank: number | null
  /** Places gained at its last change of rank (negative: lost), 0 for none, null when new to the rows. */
  moved: number | null
}

/**
 * A row's last move, given how it stood before (`undefined`: new to the rows): places gained
 * when its rank changed, else the move it showed before (so an arrow stays until the next
 * change rather than flashing for one update); null for a row new to the board.
 */
export function lastMove(before: MovingRow | undefined, rank: number | null): number | null {
  if (!before) return null
  if (before.rank === null || rank === null || before.rank === rank) return before.moved ?? 0
  return before.rank - rank
}
