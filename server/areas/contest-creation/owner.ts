import { sql } from 'kysely'
import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { type Tx, withTx } from '../../db/tx'
import { rupeesToPaise } from '../../domain/money'
import { AppError, invalid } from '../../http/errors'
import { contestAccess } from '../contest-access'
import { recordActivity, usernameOf } from '../contests'
import { userBalances } from '../ledger'
import { draftAnswer } from './create'
import { draftColumns, prizeColumns, type ResolvedDraft, resolveDraft } from './draft'
import { adjustEntryFee } from './money'
import { assertChangeable, entriesOf, loadOwned, type Owned } from './owned'
import type { DraftBody, EditBody } from './schemas'

/**
 * Editing a contest (docs/contest-creation.md "Owner controls"): before anyone else joined,
 * anything but the game and the match (or phase); after, only the name, the description or a
 * larger members_limit — the pool and the prize amounts are then worked out again from the
 * contest's percent table. After the start, or once the contest is not open: 409.
 */
const PRIZE_KEYS = ['prize_option', 'prize_structure_id', 'prize_ranges'] as const
const AFTER_JOIN_KEYS = new Set(['name', 'description', 'members_limit'])
const LABELS: Record<string, string> = {
  name: 'the name',
  description: 'the description',
  entry_fee: 'the entry fee',
  members_limit: 'the size',
  multiple_entries: 'multiple entries',
  max_entries_per_user: 'the entries per player',
  guaranteed: 'guaranteed',
  is_private: 'privacy',
  prize: 'the prizes',
}

interface EditPlan {
  draft: ResolvedDraft
  changed: string[]
  /** Prize amounts stay as stored (custom amounts kept exactly) when neither the table nor the pool moved. */
  keepPrizes: boolean
}

async function planEdit(tx: Tx, o: Owned, body: EditBody, others: number, nowMs: number): Promise<EditPlan> {
  const given = Object.fromEntries(
    Object.entries(body).filter(([k, v]) => v !== undefined && k !== 'fields' && k !== 'team_id'),
  ) as Partial<DraftBody>
  const fixed: Record<string, string[]> = {}
  for (const key of ['game', 'match_id', 'phase_id'] as const)
    if (given[key] !== undefined && given[key] !== o.draft[key])
      fixed[key] = ['cannot change; create a new contest instead']
  if (Object.keys(fixed).length) throw invalid(fixed)

  const changed: string[] = []
  const differs = (key: keyof DraftBody): boolean => {
    if (given[key] === undefined) return false
    if (key === 'entry_fee') return rupeesToPaise(given.entry_fee as number | string) !== o.entry_fee_paise
    if (key === 'description') return (given.description || null) !== o.description
    if (key === 'max_entries_per_user') return given.max_entries_per_user !== o.max_entries
    return given[key] !== o.draft[key]
  }
  for (const key of Object.keys(LABELS))
    if (key === 'prize' ? PRIZE_KEYS.some((k) => given[k] !== undefined) : differs(key as keyof DraftBody))
      changed.push(key)
  if (others > 0) {
    const refused = changed.filter((k) => !AFTER_JOIN_KEYS.has(k))
    if (refused.length)
      throw new AppError(
        'CONFLICT',
        `Others have joined: only the name, the description or a larger size can change (not ${refused.map((k) => LABELS[k]).join(', ')})`,
      )
    if (given.members_limit !== undefined && given.members_limit < o.members_limit)
      throw new AppError('CONFLICT', 'Others have joined: the size can only grow')
  }
  const merged: DraftBody = { ...o.draft, ...given }
  if (PRIZE_KEYS.some((k) => given[k] !== undefined))
    for (const k of PRIZE_KEYS) if (given[k] === undefined) delete merged[k]
  if (given.multiple_entries === false) delete merged.max_entries_per_user
  const draft = await resolveDraft(tx, o.owner_id, merged, { requireTeam: false, nowMs })
  if (draft.members_limit < o.members_count)
    throw new AppError('CONFLICT', `${o.members_count} entries have joined; the size cannot be smaller`)
  const keepPrizes =
    !changed.includes('prize') && draft.bill.pool_paise === contestPool(o) && o.prize_structure !== '[]'
  return { draft, changed, keepPrizes }
}

const contestPool = (o: Owned) => {
  // The stored pool: the sum of the stored prize table.
  const table = JSON.parse(o.prize_structure) as Array<{ from: number; to: number; amount_paise: number }>
  return table.reduce((sum, r) => sum + r.amount_paise * (r.to - r.from + 1), 0)
}

// Long: one transaction that checks, re-prices and saves the edit under the contest lock.
export async function editContest(
  deps: Deps,
  type: Owned['type'],
  id: number,
  userId: number,
  body: EditBody,
): Promise<void> {
  // Long: the edit's checks, re-pricing and save under one contest lock.
  await withTx(deps, async (tx, after) => {
    const now = deps.clock.now()
    // The owner's row first (a fee change pays from their balance), then the contest's.
    await lockRows(tx, 'users', userId)
    const o = await loadOwned(tx, type, id, userId, now)
    assertChangeable(o, 'edited')
    const entries = await entriesOf(tx, o)
    const plan = await planEdit(tx, o, body, entries.others, now)
    const d = plan.draft
    if (plan.changed.length === 0) return
    if (entries.mine.length > d.max_entries)
      throw new AppError(
        'CONFLICT',
        `You have ${entries.mine.length} entries; the entries per player cannot be fewer`,
      )
    if (plan.changed.includes('entry_fee') || plan.changed.includes('is_private')) {
      const access = await contestAccess(tx, userId, {
        entry_fee_paise: d.entry_fee_paise,
        is_private: d.is_private,
      })
      if (!access.allowed)
        throw new AppError('FORBIDDEN', access.missing[0]?.message ?? 'You cannot make this contest yet')
    }
    const edits = await tx
      .selectFrom('contest_activities')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .where('contest_type', '=', type)
      .where('contest_id', '=', id)
      .where('kind', '=', 'edited')
      .executeTakeFirstOrThrow()
    // Only possible before anyone else joined: the owner's entries pay (or get back) the difference.
    for (const entry of entries.mine) {
      const delta = d.entry_fee_paise - Number(entry.entry_fee_paise)
      if (delta === 0) continue
      await adjustEntryFee(tx, after, {
        type,
        contestId: id,
        memberId: entry.id,
        userId,
        deltaPaise: delta,
        edit: Number(edits.n) + 1,
        label: o.label,
        nowMs: now,
      })
      const table = type === 'contest' ? 'contest_members' : 'championship_contest_members'
      await tx
        .updateTable(table)
        .set({ entry_fee_paise: d.entry_fee_paise })
        .where('id', '=', entry.id)
        .execute()
    }
    const values = { ...draftColumns(d), ...(plan.keepPrizes ? {} : prizeColumns(d)) }
    if (type === 'contest')
      await tx
        .updateTable('contests')
        .set({ ...values, max_entries: d.max_entries })
        .where('id', '=', id)
        .execute()
    else await tx.updateTable('championship_contests').set(values).where('id', '=', id).execute()
    // Privacy moves a contest in or out of the public lists; the list triggers do not watch it.
    if (plan.changed.includes('is_private'))
      await tx
        .updateTable('data_versions')
        .set({ version: sql<number>`version + 1` })
        .where('name', '=', 'contest_lists')
        .execute()
    const what = plan.changed.map((k) => LABELS[k]).join(', ')
    await recordActivity(
      tx,
      after,
      {
        type,
        contestId: id,
        kind: 'edited',
        userId,
        body: `${await usernameOf(tx, userId)} changed ${what}`,
        data: { changed: plan.changed },
      },
      now,
    )
  })
}

/** POST /api/contests/{id}/verify: the bill and prize table the edit would give, writing nothing. */
export async function verifyEdit(
  deps: Deps,
  type: Owned['type'],
  id: number,
  userId: number,
  body: EditBody,
) {
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock.now()
    const o = await loadOwned(tx, type, id, userId, now)
    assertChangeable(o, 'edited')
    const entries = await entriesOf(tx, o)
    const plan = await planEdit(tx, o, body, entries.others, now)
    const access = await contestAccess(tx, userId, {
      entry_fee_paise: plan.draft.entry_fee_paise,
      is_private: plan.draft.is_private,
    })
    return draftAnswer(plan.draft, await userBalances(tx, userId), access)
  })
}
