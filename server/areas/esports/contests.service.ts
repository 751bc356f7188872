import type { Updateable } from 'kysely'
import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import type { EsportsContestsTable } from '../../db/schema'
import { type AfterCommit, type Executor, type Tx, withTx } from '../../db/tx'
import type { PercentRange } from '../../domain/contest-creation'
import { ESPORTS_KINDS, TEAM_SIZES } from '../../domain/esports/rules'
import { paiseToRupees, rupeesToPaise } from '../../domain/money'
import { hashString } from '../../domain/rng'
import { AppError, invalid } from '../../http/errors'
import { type EsportsAccess, esportsAccess } from './contests.access'
import {
  checkLevel,
  checkMap,
  checkName,
  type EsportsContestEdit,
  type EsportsContestInput,
  MINUTE_MS,
  Problems,
  resolveMoney,
  resolveSchedule,
} from './contests.input'
import { revealAt } from './contests.views'
import {
  assertOpen,
  type Caller,
  type EsportsContestRow,
  esportsContestStream,
  findContest,
  hostedContest,
  isAdmin,
  notifyEach,
} from './core'
import { cancelEsportsContest } from './money'
import { scheduleReveal } from './rooms.service'

/**
 * Esports contests of each kind (docs/esports.md, "Creating a contest, and who may host"):
 * creation, the host's edits and cancellation before the lock, and the list. Who may host is
 * `contests.access.ts`; the EsportsContest JSON `contests.views.ts`.
 */

/**
 * The contest's reveal job (rooms.service.ts), scheduled after creation and moved after an edit
 * of the start or the reveal. In a transaction of its own after the contest's: a crash in between
 * leaves an open contest without a job, which the boot's `resumeEsportsReveals` gives one.
 */
function scheduleRevealJob(deps: Deps, contest: EsportsContestRow): Promise<void> {
  return scheduleReveal(deps, contest)
}

// ---------------------------------------------------------------------------------------------
// Input

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 10

async function freshCode(deps: Deps, db: Executor, userId: number, nowMs: number): Promise<string> {
  const stream = deps.rng.stream('esports-invite-codes')
  for (let attempt = 0; attempt < 20; attempt++) {
    let code = ''
    let h = hashString(`${stream.uint32()}:${userId}:${nowMs}:${attempt}`)
    for (let i = 0; i < CODE_LENGTH; i++) {
      if (i === 5) h = hashString(`${h}:${stream.uint32()}`)
      code += CODE_ALPHABET[h % CODE_ALPHABET.length]
      h = Math.floor(h / CODE_ALPHABET.length)
    }
    const clash = await db
      .selectFrom('esports_contests')
      .select('id')
      .where('invite_code', '=', code)
      .executeTakeFirst()
    if (!clash) return code
  }
  throw new Error('no free invite code after 20 draws')
}

function refusal(access: EsportsAccess): AppError {
  const first = access.missing[0]
  return new AppError(
    'FORBIDDEN',
    first ? `You cannot host this contest yet: ${first.message}` : 'You cannot host this contest yet',
  )
}

export async function createEsportsContest(
  deps: Deps,
  caller: Caller,
  input: EsportsContestInput,
): Promise<EsportsContestRow> {
  const contest = await withTx(deps, async (tx) => {
    await lockRows(tx, 'users', caller.id)
    const now = deps.clock.now()
    const info = ESPORTS_KINDS[input.kind]
    if (!info) throw invalid({ kind: ['is not an esports kind'] })
    const game = info.game
    const p = new Problems()
    const name = checkName(p, input.name)
    const map = checkMap(p, game, input.map)
    const minLevel = checkLevel(p, input.min_level)
    const money = resolveMoney(p, game, input.mode, input, { is_private: input.is_private })
    if (input.starts_at !== undefined && input.starts_in_minutes !== undefined)
      p.add('starts_in_minutes', 'give starts_at or starts_in_minutes, not both')
    const startsAt =
      input.starts_at ??
      (input.starts_in_minutes === undefined ? undefined : now + input.starts_in_minutes * MINUTE_MS)
    if (startsAt === undefined) p.add('starts_at', 'is required')
    const schedule = resolveSchedule(startsAt === undefined ? new Problems() : p, now, {
      starts_at: startsAt ?? 0,
      reveal_minutes: input.reveal_minutes,
    })
    if (p.any) throw invalid(p.fields)
    const access = await esportsAccess(tx, caller.id, input.kind, {
      entry_fee_paise: money.entry_fee_paise,
      is_private: money.is_private,
    })
    if (!access.allowed) throw refusal(access)
    const code = await freshCode(deps, tx, caller.id, now)
    return tx
      .insertInto('esports_contests')
      .values({
        kind: input.kind,
        game,
        mode: input.mode,
        team_size: TEAM_SIZES[input.mode],
        name,
        description: input.description?.trim() ? input.description.trim() : null,
        map,
        host_id: caller.id,
        entry_fee_paise: money.entry_fee_paise,
        rake_bps: money.rake_bps,
        per_kill_paise: money.per_kill_paise,
        prize_percents: JSON.stringify(money.prize_percents),
        slots: money.slots,
        min_level: minLevel,
        is_private: money.is_private ? 1 : 0,
        invite_code: code,
        starts_at_ms: schedule.starts_at_ms,
        reveal_minutes: schedule.reveal_minutes,
        created_at_ms: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
  await scheduleRevealJob(deps, contest)
  return contest
}

/** Members of the contest outside the host's own squad (not refunded). */
async function othersJoined(db: Executor, contest: EsportsContestRow): Promise<number> {
  const row = await db
    .selectFrom('esports_members as m')
    .innerJoin('esports_squads as s', 's.id', 'm.squad_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('m.contest_id', '=', contest.id)
    .where('m.refunded', '=', 0)
    .where('s.captain_id', '!=', contest.host_id)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

async function anyJoined(db: Executor, contestId: number): Promise<number> {
  const row = await db
    .selectFrom('esports_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('contest_id', '=', contestId)
    .where('refunded', '=', 0)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The host's (or an admin's) edit before the lock. Name, description, map, start, reveal and
 * minimum level always; the prize table, per-kill prize and slots only while nobody outside
 * the host's own squad has joined; the entry fee only while nobody has paid one (409 otherwise).
 */
export async function editEsportsContest(
  deps: Deps,
  caller: Caller,
  contestId: number,
  edit: EsportsContestEdit,
  opts: { game?: string } = {},
): Promise<EsportsContestRow> {
  const { contest, rescheduled } = await withTx(deps, async (tx, after) => {
    const seen = await hostedContest(tx, contestId, caller)
    if (opts.game && seen.game !== opts.game) throw new AppError('NOT_FOUND', 'Contest not found')
    await lockRows(tx, 'esports_contests', contestId)
    const current = (await findContest(tx, contestId)) as EsportsContestRow
    assertOpen(current)
    const p = new Problems()
    const set: Updateable<EsportsContestsTable> = {}
    setPlainFields(p, deps.clock.now(), current, edit, set)
    await setMoneyFields(tx, caller, p, current, edit, set)
    if (p.any) throw invalid(p.fields)
    if (Object.keys(set).length > 0)
      await tx.updateTable('esports_contests').set(set).where('id', '=', contestId).execute()
    const updated = (await findContest(tx, contestId)) as EsportsContestRow
    after.publish(esportsContestStream(contestId), {
      type: 'status',
      contest_id: contestId,
      status: updated.status,
      starts_at_in_millis: Number(updated.starts_at_ms),
      reveal_at_in_millis: revealAt(updated),
    })
    return {
      contest: updated,
      rescheduled:
        Number(updated.starts_at_ms) !== Number(current.starts_at_ms) ||
        updated.reveal_minutes !== current.reveal_minutes,
    }
  })
  if (rescheduled) await scheduleRevealJob(deps, contest)
  return contest
}

/** The name, description, map, level and schedule of an edit: checked into `set`, problems into `p`. */
function setPlainFields(
  p: Problems,
  now: number,
  current: EsportsContestRow,
  edit: EsportsContestEdit,
  set: Updateable<EsportsContestsTable>,
): void {
  if (edit.name !== undefined) set.name = checkName(p, edit.name)
  if (edit.description !== undefined)
    set.description = edit.description?.trim() ? edit.description.trim() : null
  if (edit.map !== undefined) set.map = checkMap(p, current.game, edit.map)
  if (edit.min_level !== undefined) set.min_level = checkLevel(p, edit.min_level)
  const scheduleTouched = edit.starts_at !== undefined || edit.reveal_minutes !== undefined
  if (scheduleTouched) {
    const s = resolveSchedule(p, now, {
      starts_at: edit.starts_at ?? Number(current.starts_at_ms),
      reveal_minutes: edit.reveal_minutes ?? current.reveal_minutes,
    })
    set.starts_at_ms = s.starts_at_ms
    set.reveal_minutes = s.reveal_minutes
  }
}

/**
 * The fee, per-kill prize, prize table, slots and privacy of an edit: checked, refused once
 * others have joined or paid (409), and the host's access asked again when they change.
 */
async function setMoneyFields(
  tx: Tx,
  caller: Caller,
  p: Problems,
  current: EsportsContestRow,
  edit: EsportsContestEdit,
  set: Updateable<EsportsContestsTable>,
): Promise<void> {
  const moneyTouched =
    edit.entry_fee !== undefined ||
    edit.per_kill !== undefined ||
    edit.prize_ranges !== undefined ||
    edit.prize_option !== undefined ||
    edit.slots !== undefined ||
    edit.is_private !== undefined
  if (!moneyTouched) return
  const money = editedMoney(p, current, edit)
  if (p.any) throw invalid(p.fields)
  await assertMoneyMayChange(tx, caller, current, money)
  set.entry_fee_paise = money.entry_fee_paise
  set.rake_bps = money.rake_bps
  set.per_kill_paise = money.per_kill_paise
  set.prize_percents = JSON.stringify(money.prize_percents)
  set.slots = money.slots
  set.is_private = money.is_private ? 1 : 0
}

/** The money of a contest after an edit: what the edit names, the rest kept (a free contest keeps no per-kill prize). */
function editedMoney(p: Problems, current: EsportsContestRow, edit: EsportsContestEdit) {
  const currentFee = Number(current.entry_fee_paise)
  const newFee = edit.entry_fee === undefined ? currentFee : rupeesToPaise(edit.entry_fee)
  const becomesFree = newFee === 0
  const currentRanges = (JSON.parse(current.prize_percents) as PercentRange[]).map((r) => ({
    from: r.from,
    to: r.to,
    percent: r.percent_bps / 100,
  }))
  return resolveMoney(
    p,
    current.game,
    current.mode,
    {
      entry_fee: edit.entry_fee ?? currentFee / 100,
      per_kill: edit.per_kill ?? (becomesFree ? 0 : Number(current.per_kill_paise) / 100),
      prize_ranges:
        edit.prize_ranges ??
        (edit.prize_option || becomesFree || currentRanges.length === 0 ? undefined : currentRanges),
      prize_option: edit.prize_option,
      slots: edit.slots ?? current.slots,
      is_private: edit.is_private,
    },
    { is_private: becomesFree ? true : current.is_private === 1 },
  )
}

/** Refuses a money change others' entries forbid (409), or one the host's access does not allow. */
async function assertMoneyMayChange(
  tx: Tx,
  caller: Caller,
  current: EsportsContestRow,
  money: ReturnType<typeof editedMoney>,
): Promise<void> {
  const currentFee = Number(current.entry_fee_paise)
  const changes =
    money.entry_fee_paise !== currentFee ||
    money.per_kill_paise !== Number(current.per_kill_paise) ||
    JSON.stringify(money.prize_percents) !== current.prize_percents ||
    money.slots !== current.slots
  if (changes && (await othersJoined(tx, current)) > 0)
    throw new AppError('CONFLICT', 'Squads have joined: the prizes, fee and slots can no longer change')
  if (money.entry_fee_paise !== currentFee && (await anyJoined(tx, current.id)) > 0)
    throw new AppError('CONFLICT', 'Members paid the current entry fee: it can no longer change')
  if (money.slots < current.squads_count)
    throw invalid({ slots: [`must be at least the ${current.squads_count} squads already in`] })
  if (money.is_private !== (current.is_private === 1)) {
    const access = await esportsAccess(tx, current.host_id, current.kind, {
      entry_fee_paise: money.entry_fee_paise,
      is_private: money.is_private,
    })
    if (!access.allowed && !isAdmin(caller)) throw refusal(access)
  }
  if (money.entry_fee_paise > 0 && currentFee === 0 && !isAdmin(caller)) {
    const access = await esportsAccess(tx, current.host_id, current.kind, {
      entry_fee_paise: money.entry_fee_paise,
      is_private: money.is_private,
    })
    if (!access.allowed) throw refusal(access)
  }
}

/** The host (or an admin) calls a contest off before the lock: every entry refunded, members told. */
export async function cancelEsportsContestByHost(
  deps: Deps,
  caller: Caller,
  contestId: number,
  reason?: string | null,
): Promise<EsportsContestRow> {
  return withTx(deps, async (tx, after) => {
    await hostedContest(tx, contestId, caller)
    await lockRows(tx, 'esports_contests', contestId)
    const contest = (await findContest(tx, contestId)) as EsportsContestRow
    assertOpen(contest)
    const now = deps.clock.now()
    const why = reason?.trim()
      ? reason.trim()
      : isAdmin(caller) && caller.id !== contest.host_id
        ? 'Cancelled by an admin'
        : 'Cancelled by the host'
    const refunded = await cancelEsportsContest(tx, after, { contest, reason: why, nowMs: now })
    await notifyCancelled(tx, after, contest, refunded, why, now)
    after.publish(esportsContestStream(contestId), {
      type: 'status',
      contest_id: contestId,
      status: 'cancelled',
      status_reason: why,
    })
    return (await findContest(tx, contestId)) as EsportsContestRow
  })
}

async function notifyCancelled(
  tx: Tx,
  after: AfterCommit,
  contest: EsportsContestRow,
  userIds: number[],
  why: string,
  nowMs: number,
) {
  const fee = Number(contest.entry_fee_paise)
  await notifyEach(
    tx,
    after,
    [...new Set(userIds)].sort((a, b) => a - b),
    {
      kind: 'esports_contest_cancelled',
      body: `${contest.name} was cancelled (${why})${fee > 0 ? `; your ₹${paiseToRupees(fee)} entry is back in your unused balance` : ''}`,
      data: { esports_contest_id: contest.id, link: `/contests/${contest.id}` },
    },
    nowMs,
  )
}

// ---------------------------------------------------------------------------------------------
// Reading
