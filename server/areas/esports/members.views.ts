import { z } from '@hono/zod-openapi'
import type { Executor } from '../../db/tx'
import { UserRef } from './common.schemas'
import { type Caller, type EsportsContestRow, isAdmin, playersOf, userRefOr, userRefsById } from './core'

/**
 * Squad and Member JSON (docs/esports.md, "Members and squads"). What a caller sees of other
 * squads: names, captains, members and their in-game names always; a squad's `invite_code`
 * only its own members; another squad's members' `character_id` only once the contest is
 * locked (the room is about to start and every player sees every id in it anyway). The host
 * and admins run the room: they see every character id, always.
 */

export const EsportsMemberSchema = z
  .object({
    id: z.number().int(),
    squad_id: z.number().int(),
    user: UserRef,
    in_game_name: z.string(),
    character_id: z.string().nullable().openapi({
      description: 'Null for another squad’s member before the lock (host and admins: always shown)',
    }),
    position: z.number().int().openapi({ description: '1..members_count inside the squad' }),
    kills: z.number().int().nullable(),
    prize: z.number().openapi({ description: 'Rupees' }),
  })
  .openapi('EsportsMember')

export const EsportsSquadSchema = z
  .object({
    id: z.number().int(),
    contest_id: z.number().int(),
    name: z.string(),
    slot_no: z.number().int(),
    captain: UserRef,
    members: z.array(EsportsMemberSchema),
    members_count: z.number().int(),
    invite_code: z.string().nullable().openapi({ description: 'Only to the squad’s own members' }),
    placement: z.number().int().nullable(),
    kills: z.number().int().nullable(),
    points: z.number().int().nullable(),
    rank: z.number().int().nullable(),
    prize: z.number().openapi({ description: 'Rupees' }),
  })
  .openapi('EsportsSquad')

export type EsportsMemberJson = z.infer<typeof EsportsMemberSchema>
export type EsportsSquadJson = z.infer<typeof EsportsSquadSchema>

const rupees = (paise: number) => Number(paise) / 100

/** The squad the user plays in (not refunded), or null. */
async function squadOfUser(db: Executor, contestId: number, userId: number): Promise<number | null> {
  const mine = await db
    .selectFrom('esports_members')
    .select('squad_id')
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .where('refunded', '=', 0)
    .executeTakeFirst()
  return mine === undefined ? null : Number(mine.squad_id)
}

/** Every squad of the contest (by slot) with its members (by position), as `caller` may see them. */
export async function squadsJson(
  db: Executor,
  contest: EsportsContestRow,
  caller: Caller,
  onlySquadId?: number,
): Promise<{ squads: EsportsSquadJson[]; my_squad_id: number | null }> {
  let sq = db.selectFrom('esports_squads').selectAll().where('contest_id', '=', contest.id)
  if (onlySquadId !== undefined) sq = sq.where('id', '=', onlySquadId)
  const squads = await sq.orderBy('slot_no').execute()
  const members = await playersOf(db, contest.id, onlySquadId)
  const mySquadId = await squadOfUser(db, contest.id, caller.id)
  const captains = await userRefsById(
    db,
    squads.map((s) => s.captain_id),
  )
  const seesAll = contest.host_id === caller.id || isAdmin(caller) || contest.status !== 'open'
  const bySquad = new Map<number, EsportsMemberJson[]>()
  for (const m of members) {
    const squadId = Number(m.squad_id)
    const list = bySquad.get(squadId) ?? []
    list.push({
      id: Number(m.id),
      squad_id: squadId,
      user: { id: Number(m.user_id), slug: m.slug, username: m.username },
      in_game_name: m.in_game_name,
      character_id: seesAll || squadId === mySquadId ? m.character_id : null,
      position: Number(m.position),
      kills: m.kills === null ? null : Number(m.kills),
      prize: rupees(Number(m.prize_paise)),
    })
    bySquad.set(squadId, list)
  }
  return {
    my_squad_id: mySquadId,
    squads: squads.map((s) => {
      const id = Number(s.id)
      const list = bySquad.get(id) ?? []
      return {
        id,
        contest_id: Number(s.contest_id),
        name: s.name,
        slot_no: Number(s.slot_no),
        captain: userRefOr(captains, s.captain_id),
        members: list,
        members_count: list.length,
        invite_code: id === mySquadId ? s.invite_code : null,
        placement: s.placement === null ? null : Number(s.placement),
        kills: s.kills === null ? null : Number(s.kills),
        points: s.points === null ? null : Number(s.points),
        rank: s.rank === null ? null : Number(s.rank),
        prize: rupees(Number(s.prize_paise)),
      }
    }),
  }
}

/** One squad as `caller` sees it (after a write). */
export async function squadJson(
  db: Executor,
  contest: EsportsContestRow,
  caller: Caller,
  squadId: number,
): Promise<EsportsSquadJson> {
  const { squads } = await squadsJson(db, contest, caller, squadId)
  const squad = squads[0]
  if (!squad) throw new Error(`squad ${squadId} vanished`)
  return squad
}
