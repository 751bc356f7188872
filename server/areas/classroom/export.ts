import type { Deps } from '../../core/deps'
import type { AuctionEvent } from '../../domain/auction/engine'
import { type ExportRow, inTimeOrder } from '../../domain/exports'
import { notFound } from '../../http/errors'
import { visibleClassroom } from './report'
import { classStudents } from './report-queries'

/**
 * Exports (docs/classroom.md, "Exports"): every bid, pick, transfer, entry, payout and refund of
 * an auction, a contest or a class, with who, when and how much. The owner of the auction or
 * contest (the instructor of a class) and admins only: anyone else gets 404. A few queries per
 * export, whatever its size.
 */

type Me = { id: number; role: string }
const iso = (ms: number) => new Date(ms).toISOString()

export async function auctionExport(deps: Deps, id: number, me: Me) {
  const row = await deps.db
    .selectFrom('auctions')
    .select(['id', 'owner_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || (me.role !== 'admin' && row.owner_id !== me.id)) throw notFound('Auction')
  return auctionRows(deps, id, null)
}

export async function contestExport(deps: Deps, id: number, me: Me) {
  const row = await deps.db
    .selectFrom('contests')
    .select(['id', 'created_by_id'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || (me.role !== 'admin' && row.created_by_id !== me.id)) throw notFound('Contest')
  return contestRows(deps, [id], null)
}

/** A class: its students' rows only, in its auction and its contest (the instructor's and bots' are not theirs). */
export async function classExport(deps: Deps, id: number, me: Me) {
  const cls = await visibleClassroom(deps, id, me)
  const students = (await classStudents(deps.db, cls.group_id, cls.created_by_id)).map((s) => s.id)
  const auction = cls.auction_id === null ? [] : await auctionRows(deps, cls.auction_id, students)
  const contest = cls.contest_id === null ? [] : await contestRows(deps, [cls.contest_id], students)
  return inTimeOrder([...auction, ...contest])
}

async function auctionRows(deps: Deps, auctionId: number, only: number[] | null): Promise<ExportRow[]> {
  const managers = await deps.db
    .selectFrom('auction_managers as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'm.franchise_name', 'u.username'])
    .where('m.auction_id', '=', auctionId)
    .execute()
  const events = await deps.db
    .selectFrom('auction_events')
    .select(['payload', 'at_ms'])
    .where('auction_id', '=', auctionId)
    .where('type', 'in', ['bid', 'lot_closed', 'sealed_assigned', 'released'])
    .orderBy('seq')
    .execute()
  const parsed = events.map((e) => ({ at: Number(e.at_ms), e: JSON.parse(e.payload) as AuctionEvent }))
  const playerIds = [...new Set(parsed.map((p) => ('playerId' in p.e ? p.e.playerId : 0)))]
  const players = await deps.db
    .selectFrom('players')
    .select(['id', 'name'])
    .where('id', 'in', playerIds.length > 0 ? playerIds : [0])
    .execute()
  const byManager = new Map(managers.map((m) => [m.id, m]))
  const nameOf = new Map(players.map((p) => [p.id, p.name]))
  const rows: ExportRow[] = []
  for (const { at, e } of parsed) {
    const act = auctionAct(e)
    if (!act) continue
    const m = byManager.get(act.managerId)
    if (!m || (only && !only.includes(m.user_id))) continue
    rows.push({
      kind: act.kind,
      at_ms: at,
      at: iso(at),
      auction_id: auctionId,
      contest_id: null,
      user_id: m.user_id,
      username: m.username,
      franchise: m.franchise_name,
      player_id: act.playerId,
      player: nameOf.get(act.playerId) ?? null,
      amount: act.amount,
      unit: 'coins',
    })
  }
  return rows
}

/** What an auction event is in an export: a bid, a pick (sold or assigned) or a transfer (released). */
function auctionAct(e: AuctionEvent) {
  if (e.type === 'bid')
    return { kind: 'bid' as const, managerId: e.managerId, playerId: e.playerId, amount: e.amount }
  if (e.type === 'lot_closed' && e.result === 'sold' && e.managerId !== null)
    return { kind: 'pick' as const, managerId: e.managerId, playerId: e.playerId, amount: e.price ?? 0 }
  if (e.type === 'sealed_assigned')
    return { kind: 'pick' as const, managerId: e.managerId, playerId: e.playerId, amount: e.price }
  if (e.type === 'released')
    return { kind: 'transfer' as const, managerId: e.managerId, playerId: e.playerId, amount: e.price }
  return null
}

async function contestRows(deps: Deps, contestIds: number[], only: number[] | null): Promise<ExportRow[]> {
  let query = deps.db
    .selectFrom('contest_members as cm')
    .innerJoin('contests as c', 'c.id', 'cm.contest_id')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .select([
      'cm.contest_id',
      'cm.user_id',
      'u.username',
      'cm.joined_at_ms',
      'cm.entry_fee_paise',
      'cm.prize_paise',
      'cm.refunded',
      'c.settled_at_ms',
      'c.deleted_at_ms',
    ])
    .where('cm.contest_id', 'in', contestIds)
  if (only) query = query.where('cm.user_id', 'in', only.length > 0 ? only : [0])
  const members = await query.orderBy('cm.joined_at_ms').orderBy('cm.id').execute()
  const rows: ExportRow[] = []
  for (const m of members) {
    const base = {
      auction_id: null,
      contest_id: m.contest_id,
      user_id: m.user_id,
      username: m.username,
      franchise: null,
      player_id: null,
      player: null,
      unit: 'paise' as const,
    }
    const at = (ms: number) => ({ at_ms: ms, at: iso(ms) })
    rows.push({ ...base, kind: 'entry', ...at(Number(m.joined_at_ms)), amount: m.entry_fee_paise })
    const settled = Number(m.settled_at_ms ?? m.deleted_at_ms ?? m.joined_at_ms)
    if (m.prize_paise > 0) rows.push({ ...base, kind: 'payout', ...at(settled), amount: m.prize_paise })
    if (m.refunded === 1) rows.push({ ...base, kind: 'refund', ...at(settled), amount: m.entry_fee_paise })
  }
  return inTimeOrder(rows)
}
