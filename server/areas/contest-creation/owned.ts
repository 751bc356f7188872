import { lockRows } from '../../db/lock'
import type { Tx } from '../../db/tx'
import type { PercentRange } from '../../domain/contest-creation'
import { AppError, notFound } from '../../http/errors'
import { championshipLabel, phaseLocked, phaseWindow } from '../championship-contests'
import { type ContestType, contestLabel, findContest, isLocked } from '../contests'
import type { DraftBody } from './schemas'

/**
 * A contest its owner acts on (edit, delete, remove members), read under its row lock: joins
 * take the same lock, so what the owner's rule checks (who has joined) holds until commit.
 * Someone else's contest, or one that does not exist, is 404 alike.
 */
export interface Owned {
  type: ContestType
  id: number
  name: string
  /** How the passbook names it ("Friends League, MUM vs AHM"). */
  label: string
  status: string
  locked: boolean
  owner_id: number
  entry_fee_paise: number
  members_limit: number
  members_count: number
  max_entries: number
  guaranteed: boolean
  is_private: boolean
  description: string | null
  prize_structure: string
  prize_percents: PercentRange[]
  /** The draft the contest is now (edits are merged onto it). */
  draft: DraftBody
}

/** A contest the owner acts on, read under its row lock; someone else's is 404. */
export async function loadOwned(
  tx: Tx,
  type: ContestType,
  id: number,
  userId: number,
  nowMs: number,
): Promise<Owned> {
  if (type === 'contest') {
    await lockRows(tx, 'contests', id)
    const c = await findContest(tx, id)
    if (!c || c.created_by_id !== userId) throw notFound('Contest')
    return ownedOf(type, userId, c, {
      label: contestLabel(c),
      locked: isLocked(c, nowMs),
      max_entries: c.max_entries,
      kind: { game: c.game_kind, match_id: c.match_id },
    })
  }
  await lockRows(tx, 'championship_contests', id)
  const c = await tx.selectFrom('championship_contests').selectAll().where('id', '=', id).executeTakeFirst()
  if (!c || c.created_by_id !== userId) throw notFound('Contest')
  const window = await phaseWindow(tx, c.phase_id)
  if (!window) throw notFound('Series phase')
  return ownedOf(type, userId, c, {
    label: championshipLabel({ name: c.name, phase_label: window.label }),
    locked: phaseLocked(window, nowMs),
    // A championship contest takes one entry a player.
    max_entries: 1,
    kind: { game: 'championship', phase_id: c.phase_id },
  })
}

/** What a daily and a championship contest store alike. */
interface OwnedRow {
  id: number
  name: string
  status: string
  entry_fee_paise: number
  members_limit: number
  members_count: number
  guaranteed: number
  is_private: number
  description: string | null
  prize_structure: string
  prize_percents: string | null
}

/** One shape for both kinds: what differs (label, lock, entries, the draft's game) comes in `own`. */
function ownedOf(
  type: ContestType,
  userId: number,
  c: OwnedRow,
  own: {
    label: string
    locked: boolean
    max_entries: number
    kind: Pick<DraftBody, 'game' | 'match_id' | 'phase_id'>
  },
): Owned {
  const percents = parsePercents(c.prize_percents)
  return {
    type,
    id: c.id,
    name: c.name,
    label: own.label,
    status: c.status,
    locked: own.locked,
    owner_id: userId,
    entry_fee_paise: Number(c.entry_fee_paise),
    members_limit: c.members_limit,
    members_count: c.members_count,
    max_entries: own.max_entries,
    guaranteed: c.guaranteed === 1,
    is_private: c.is_private === 1,
    description: c.description,
    prize_structure: c.prize_structure,
    prize_percents: percents,
    draft: {
      ...own.kind,
      name: c.name,
      description: c.description,
      entry_fee: Number(c.entry_fee_paise) / 100,
      members_limit: c.members_limit,
      multiple_entries: own.max_entries > 1,
      max_entries_per_user: own.max_entries > 1 ? own.max_entries : undefined,
      guaranteed: c.guaranteed === 1,
      is_private: c.is_private === 1,
      prize_ranges: percentInput(percents),
    },
  }
}

/** Owners change a contest only before the start, and only while it is open. */
export function assertChangeable(o: Owned, what: string): void {
  if (o.locked) throw new AppError('EVENT_LOCKED', `The contest has started; it can no longer be ${what}`)
  if (o.status !== 'open') throw new AppError('CONTEST_CLOSED', `This contest is ${o.status}`)
}

function parsePercents(text: string | null): PercentRange[] {
  return text ? (JSON.parse(text) as PercentRange[]) : [{ from: 1, to: 1, percent_bps: 10_000 }]
}

const percentInput = (percents: PercentRange[]) =>
  percents.map((r) => ({ from: r.from, to: r.to, percent: r.percent_bps / 100 }))

/** The owner's entries and how many entries others hold. */
export async function entriesOf(tx: Tx, o: Owned) {
  const table = o.type === 'contest' ? 'contest_members' : 'championship_contest_members'
  const rows = await tx
    .selectFrom(table)
    .select(['id', 'user_id', 'entry_fee_paise'])
    .where('contest_id', '=', o.id)
    .orderBy('id')
    .execute()
  return {
    all: rows,
    mine: rows.filter((r) => r.user_id === o.owner_id),
    others: rows.filter((r) => r.user_id !== o.owner_id).length,
  }
}
