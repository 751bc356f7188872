import { percentTable } from '../../server/areas/prize-structures/tables'
import type { Tx } from '../../server/db/tx'
import { MEMBERS_LIMIT_MAX, winnersOf } from '../../server/domain/contest-creation'

export interface SavedPlan {
  owner: number
  name: string
  ranges: Array<{ from: number; to: number; percent: number }>
}

/** Saved prize tables: two for the demo player, one for the first demo user. */
export function savedPlans(demoPlayerId: number | undefined, r: number[]): SavedPlan[] {
  return [
    ...(demoPlayerId === undefined
      ? []
      : [
          {
            owner: demoPlayerId,
            name: 'Top heavy',
            ranges: [
              { from: 1, to: 1, percent: 60 },
              { from: 2, to: 2, percent: 25 },
              { from: 3, to: 3, percent: 15 },
            ],
          },
          {
            owner: demoPlayerId,
            name: 'Half the room',
            ranges: [
              { from: 1, to: 1, percent: 30 },
              { from: 2, to: 2, percent: 20 },
              { from: 3, to: 3, percent: 15 },
              { from: 4, to: 5, percent: 10 },
              { from: 6, to: 10, percent: 3 },
            ],
          },
        ]),
    ...(r[0] === undefined
      ? []
      : [
          {
            owner: r[0],
            name: '70/30',
            ranges: [
              { from: 1, to: 1, percent: 70 },
              { from: 2, to: 2, percent: 30 },
            ],
          },
        ]),
  ]
}

/** Writes the saved prize tables; returns their ids by `owner:name`. */
export async function writeSavedPrizes(
  tx: Tx,
  saved: SavedPlan[],
  nowMs: number,
): Promise<Map<string, number>> {
  const savedIds = new Map<string, number>()
  for (const plan of saved) {
    // The same checks and stored shape as POST /api/prize_structures.
    const ranges = percentTable(plan.ranges, MEMBERS_LIMIT_MAX, 'ranges')
    const row = await tx
      .insertInto('prize_structures')
      .values({
        user_id: plan.owner,
        name: plan.name,
        ranges: JSON.stringify(ranges),
        winners: winnersOf(ranges),
        created_at_ms: nowMs,
        updated_at_ms: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    savedIds.set(`${plan.owner}:${plan.name}`, row.id)
  }
  return savedIds
}
