import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { type Executor, withTx } from '../../db/tx'
import { paiseToRupees } from '../../domain/money'
import { AppError } from '../../http/errors'
import { joinChampionshipInTx } from '../championship-contests'
import { contestAccess } from '../contest-access'
import { drawInviteCode, joinInTx, recordActivity, usernameOf } from '../contests'
import { userBalances } from '../ledger'
import { draftColumns, prizeColumns, prizeRows, type ResolvedDraft, resolveDraft } from './draft'
import type { DraftBody } from './schemas'

/**
 * Creating a contest (docs/contest-creation.md "Creating a contest"): in ONE transaction the
 * creator's row is locked (their balance and their count of open contests are checked under
 * it), access is checked, the contest row is written with a fresh invite code, the `created`
 * activity is recorded and the creator joins and pays like any member. If the entry fee cannot
 * be paid nothing is left behind: no contest, no activity, no code.
 */

/** Unambiguous letters and digits (no 0/O, 1/I/L): codes are read aloud and typed. */
export const INVITE_CODE_LENGTH = 10

/**
 * A 10-character code from `deps.rng` mixed with who asks and when, so two processes that share
 * a seed still draw different codes; checked against both contest tables under the creator's
 * lock and drawn again on a clash.
 */
function freshInviteCode(deps: Deps, db: Executor, userId: number, nowMs: number): Promise<string> {
  const inUse = (table: 'contests' | 'championship_contests', code: string) =>
    db.selectFrom(table).select('id').where('invite_code', '=', code).executeTakeFirst()
  return drawInviteCode(
    deps,
    {
      stream: 'contest-invite-codes',
      seedText: `${userId}:${nowMs}`,
      length: INVITE_CODE_LENGTH,
      reseedAt: 5,
    },
    async (code) =>
      (await inUse('contests', code)) !== undefined ||
      (await inUse('championship_contests', code)) !== undefined,
    () => new Error('no free invite code after 20 draws'),
  )
}

/** The house's kind names describe a player's contest too (lists filter on them). */
function contestKindOf(d: ResolvedDraft) {
  if (d.entry_fee_paise === 0) return 'free' as const
  if (d.members_limit === 2) return 'head_to_head' as const
  if (d.guaranteed) return 'guaranteed' as const
  return d.members_limit <= 20 ? ('small' as const) : ('mega' as const)
}

export interface Created {
  type: 'contest' | 'championship_contest'
  id: number
  member_id: number
}

export async function createContest(deps: Deps, userId: number, body: DraftBody): Promise<Created> {
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'users', userId)
    const now = deps.clock.now()
    const draft = await resolveDraft(tx, userId, body, { requireTeam: true, nowMs: now })
    const access = await contestAccess(tx, userId, {
      entry_fee_paise: draft.entry_fee_paise,
      is_private: draft.is_private,
    })
    if (!access.allowed)
      throw new AppError('FORBIDDEN', access.missing[0]?.message ?? 'You cannot create this contest yet')
    const code = await freshInviteCode(deps, tx, userId, now)
    const type = draft.target.type === 'contest' ? 'contest' : 'championship_contest'
    const id = await insertContest(tx, draft, { userId, code, now })
    const username = await usernameOf(tx, userId)
    const fee = draft.entry_fee_paise > 0 ? `₹${paiseToRupees(draft.entry_fee_paise)} entry` : 'free'
    const text = `${username} created the contest (${draft.members_limit} spots, ${fee})`
    await recordActivity(tx, after, { type, contestId: id, kind: 'created', userId, body: text }, now)
    const teamId = draft.team_id as number
    const memberId =
      type === 'contest'
        ? await joinInTx(deps, tx, after, { userId, contestId: id, teamId, creating: true })
        : await joinChampionshipInTx(deps, tx, after, {
            userId,
            contestId: id,
            classicTeamId: teamId,
            creating: true,
          })
    return { type, id, member_id: memberId }
  })
}

/** The contest row of a draft: a daily contest on its match, or a championship contest in its phase. */
async function insertContest(
  tx: Executor,
  draft: ResolvedDraft,
  by: { userId: number; code: string; now: number },
): Promise<number> {
  const common = {
    ...draftColumns(draft),
    ...prizeColumns(draft),
    rake_bps: draft.bill.rake_bps,
    invite_code: by.code,
    created_by_id: by.userId,
    created_at_ms: by.now,
  }
  const row =
    draft.target.type === 'contest'
      ? await tx
          .insertInto('contests')
          .values({
            ...common,
            match_id: draft.target.match.id,
            kind: contestKindOf(draft),
            max_entries: draft.max_entries,
            game_kind: draft.kind.slug,
            // Player contests list after the house's on a match page.
            sort: 1000,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await tx
          .insertInto('championship_contests')
          .values({ ...common, phase_id: draft.target.phase.phase_id })
          .returning('id')
          .executeTakeFirstOrThrow()
  return row.id
}

/** What a draft would cost and pay, never writing anything (POST /api/contests/verify). */
export async function verifyDraft(deps: Deps, userId: number, body: DraftBody) {
  const draft = await resolveDraft(deps.db, userId, body, { requireTeam: false, nowMs: deps.clock.now() })
  const access = await contestAccess(deps.db, userId, {
    entry_fee_paise: draft.entry_fee_paise,
    is_private: draft.is_private,
  })
  return draftAnswer(draft, await userBalances(deps.db, userId), access)
}

export function draftAnswer(
  draft: ResolvedDraft,
  balances: { unused: number; winnings: number },
  access: { allowed: boolean; missing: Array<{ key: string; met: boolean; message: string }> },
) {
  const { bill } = draft
  const balance = balances.unused + balances.winnings
  return {
    bill: {
      entry_fee: paiseToRupees(bill.entry_fee_paise),
      members_limit: bill.members_limit,
      rake_percent: bill.rake_bps / 100,
      prize_pool: paiseToRupees(bill.pool_paise),
      rake: paiseToRupees(bill.rake_paise),
      you_pay: paiseToRupees(bill.you_pay_paise),
      balance_after: paiseToRupees(balance - bill.you_pay_paise),
    },
    prizes: prizeRows(draft.percents, draft.prizes, bill.pool_paise),
    winners: draft.percents.reduce((max, r) => Math.max(max, r.to), 0),
    access: { allowed: access.allowed, missing: access.missing },
  }
}
