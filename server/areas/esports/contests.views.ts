import type { Executor } from '../../db/tx'
import { amountsFromPercents, type PercentRange } from '../../domain/contest-creation'
import { ESPORTS_GAMES, ESPORTS_KINDS, POINT_TABLES } from '../../domain/esports/rules'
import { paiseToRupees } from '../../domain/money'
import { prizePool, rankText } from '../../domain/prizes'
import { type Caller, type EsportsContestRow, isAdmin, userRefsById } from './core'
import { showsRoom } from './visibility'

/** The one EsportsContest JSON every part of the area answers with (docs/esports.md, "Reading"). */
const MINUTE_MS = 60_000

export const revealAt = (c: Pick<EsportsContestRow, 'starts_at_ms' | 'reveal_minutes'>) =>
  Number(c.starts_at_ms) - c.reveal_minutes * MINUTE_MS

export interface ContestExtras {
  host: { id: number; slug: string; username: string } | null
  my_squad_id: number | null
  is_host: boolean
  is_admin: boolean
}

/** The pool if every slot fills: fee × players × (1 − rake), floored to whole rupees. */
export function fullPoolPaise(
  c: Pick<EsportsContestRow, 'entry_fee_paise' | 'slots' | 'team_size' | 'rake_bps'>,
) {
  return prizePool(Number(c.entry_fee_paise), c.slots * c.team_size, c.rake_bps)
}

/** The EsportsContest JSON (docs/esports.md); `extras` say who the caller is to it. */
export function serializeEsportsContest(c: EsportsContestRow, extras: ContestExtras) {
  const percents = JSON.parse(c.prize_percents) as PercentRange[]
  const pool = fullPoolPaise(c)
  const players = c.slots * c.team_size
  // Placement prizes are what the kill prizes leave: at least this much when the room fills.
  const placementPool = Math.max(0, pool - Number(c.per_kill_paise) * Math.max(0, players - 1))
  const amounts = amountsFromPercents(placementPool, percents)
  const privileged = extras.is_host || extras.is_admin
  const member = extras.my_squad_id !== null
  const showRoom = showsRoom(c, { privileged, member })
  const game = ESPORTS_GAMES[c.game]
  return {
    id: c.id,
    kind: c.kind,
    kind_name: ESPORTS_KINDS[c.kind]?.name ?? c.kind,
    game: c.game,
    game_name: game?.name ?? c.game,
    mode: c.mode,
    team_size: c.team_size,
    name: c.name,
    description: c.description,
    map: c.map,
    host: extras.host,
    entry_fee: paiseToRupees(Number(c.entry_fee_paise)),
    rake_percent: c.rake_bps / 100,
    per_kill: paiseToRupees(Number(c.per_kill_paise)),
    prize_pool: paiseToRupees(pool),
    placement_pool: paiseToRupees(placementPool),
    prizes: percents.map((r, i) => ({
      from: r.from,
      to: r.to,
      rank_text: rankText({ from: r.from, to: r.to, amount_paise: 0 }),
      percent: r.percent_bps / 100,
      amount: paiseToRupees(amountAt(amounts, r.from) ?? amounts[i]?.amount_paise ?? 0),
    })),
    slots: c.slots,
    squads_count: c.squads_count,
    members_count: c.members_count,
    min_level: c.min_level,
    is_private: c.is_private === 1,
    invite_code: privileged ? c.invite_code : null,
    status: c.status,
    status_reason: c.status_reason,
    starts_at_in_millis: Number(c.starts_at_ms),
    starts_at: new Date(Number(c.starts_at_ms)).toISOString(),
    reveal_minutes: c.reveal_minutes,
    reveal_at_in_millis: revealAt(c),
    room_details: showRoom ? { room_id: c.room_id, room_password: c.room_password } : null,
    results_version: c.results_version,
    my_squad_id: extras.my_squad_id,
    is_host: extras.is_host,
    joined: member,
    point_table: pointTableOf(c.game),
    round_id: c.round_id,
    lobby_no: c.lobby_no,
    created_at_in_millis: Number(c.created_at_ms),
  }
}

function pointTableOf(game: EsportsContestRow['game']) {
  const t = POINT_TABLES[game]
  return t ? { placement: [...t.placement], per_kill: t.per_kill } : null
}

/** Rank `from`'s amount (the remainder on rank 1 may have split the first range). */
function amountAt(amounts: { from: number; to: number; amount_paise: number }[], rank: number) {
  return amounts.find((a) => a.from <= rank && rank <= a.to)?.amount_paise
}

export type EsportsContestJson = ReturnType<typeof serializeEsportsContest>

export async function contestsJson(
  db: Executor,
  rows: EsportsContestRow[],
  caller: Caller | null,
): Promise<EsportsContestJson[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const hostIds = rows.map((r) => r.host_id)
  const [hostById, mine] = await Promise.all([
    userRefsById(db, hostIds),
    caller
      ? db
          .selectFrom('esports_members')
          .select(['contest_id', 'squad_id'])
          .where('user_id', '=', caller.id)
          .where('refunded', '=', 0)
          .where('contest_id', 'in', ids)
          .execute()
      : Promise.resolve([] as { contest_id: number; squad_id: number }[]),
  ])
  const squadOf = new Map(mine.map((m) => [Number(m.contest_id), Number(m.squad_id)]))
  return rows.map((r) =>
    serializeEsportsContest(r, {
      host: hostById.get(Number(r.host_id)) ?? null,
      my_squad_id: squadOf.get(r.id) ?? null,
      is_host: caller !== null && caller.id === r.host_id,
      is_admin: caller !== null && isAdmin(caller),
    }),
  )
}

/** One contest's JSON as the caller sees it (the caller may see it: callers check visibility first). */
export async function contestJson(
  db: Executor,
  contest: EsportsContestRow,
  caller: Caller | null,
): Promise<EsportsContestJson> {
  const [json] = await contestsJson(db, [contest], caller)
  return json as EsportsContestJson
}
