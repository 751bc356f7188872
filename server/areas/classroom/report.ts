import type { Deps } from '../../core/deps'
import type { AuctionEvent } from '../../domain/auction/engine'
import {
  type GradeRule,
  gradeClass,
  itemScore,
  type ParticipationMetric,
  type ResultMode,
} from '../../domain/gradebook'
import { notFound } from '../../http/errors'
import { auctionLeaderboard, stateOf } from '../auctions'
import {
  auctionActs,
  auctionSeats,
  classroomById,
  classStudents,
  contestEntries,
  contestFields,
  postCounts,
  signInCounts,
} from './report-queries'

/**
 * A class's gradebook (docs/classroom.md, "Gradebook"): per student the numbers of the class
 * and two grades by the instructor's rule. Seen by the instructor who made the class and by
 * admins; anyone else gets 404 (docs/visibility.md). A bounded number of queries per class.
 */

type Entry = { rank: number | null; points: number }
type Field = { size: number; best: number }
/** A graded item: a contest a student played (locked or settled) or the finished class auction. */
interface Item {
  kind: 'contest' | 'auction'
  id: number
  field: Field
  entries: Map<number, Entry>
}

export async function visibleClassroom(deps: Deps, id: number, me: { id: number; role: string }) {
  const cls = await classroomById(deps.db, id)
  if (!cls || (me.role !== 'admin' && cls.created_by_id !== me.id)) throw notFound('Class')
  return cls
}

const half = (x2: number) => x2 / 2
const countsBy = (rows: Array<{ user_id: number; n: number | string | bigint }>) =>
  new Map(rows.map((r) => [r.user_id, Number(r.n)]))

export async function classReport(deps: Deps, id: number, me: { id: number; role: string }, rule: GradeRule) {
  const cls = await visibleClassroom(deps, id, me)
  const students = await classStudents(deps.db, cls.group_id, cls.created_by_id)
  const ids = students.map((s) => s.id)
  const signIns = countsBy(await signInCounts(deps.db, ids))
  const posts = countsBy(await postCounts(deps.db, ids))
  const contests = await contestNumbers(deps, ids)
  const auction = cls.auction_id === null ? null : await auctionNumbers(deps, cls.auction_id, ids)
  const items = [...contests.items, ...(auction?.item ? [auction.item] : [])]

  const rows = students.map((s) => {
    const c = contests.byStudent.get(s.id)
    const a = auction?.byStudent.get(s.id)
    const counts: Record<ParticipationMetric, number> = {
      sign_ins: signIns.get(s.id) ?? 0,
      contests: c?.joined ?? 0,
      bids: a?.bids ?? 0,
      transfers: a?.transfers ?? 0,
      posts: posts.get(s.id) ?? 0,
    }
    return { s, c, a, counts }
  })
  const grades = gradeClass(
    rule,
    rows.map((r) => ({ counts: r.counts, items: items.map((i) => scoreOf(rule.result, i, r.s.id)) })),
  )
  return {
    classroom: { id: cls.id, name: cls.name, auction_id: cls.auction_id, contest_id: cls.contest_id },
    rule,
    graded: items.map((i) => ({ kind: i.kind, id: i.id, entries: i.field.size })),
    students: rows.map((r, i) => ({
      user_id: r.s.id,
      username: r.s.username,
      full_name: r.s.full_name,
      ...r.counts,
      best_rank: r.c?.bestRank ?? null,
      best_points: r.c?.bestPoints ?? null,
      last_rank: r.c?.last?.rank ?? null,
      last_points: r.c?.last?.points ?? null,
      auction_spend: r.a?.spend ?? null,
      squad_size: r.a?.squadSize ?? null,
      squad_value: r.a?.value ?? null,
      balance: r.a?.balance ?? null,
      participation_grade: grades[i]?.participation ?? 0,
      result_grade: grades[i]?.result ?? null,
    })),
  }
}

function scoreOf(mode: ResultMode, item: Item, userId: number) {
  return itemScore(mode, item.entries.get(userId), item.field)
}

/** Contests joined (not cancelled), best and last rank and points, and the graded contests. */
async function contestNumbers(deps: Deps, ids: number[]) {
  const entries = (await contestEntries(deps.db, ids)).filter((e) => e.status !== 'cancelled')
  const played = [...new Set(entries.filter((e) => e.status !== 'open').map((e) => e.contest_id))]
  const fields = new Map(
    (await contestFields(deps.db, played)).map((f) => [
      f.contest_id,
      { size: Number(f.size), best: half(Number(f.best_x2 ?? 0)) },
    ]),
  )
  const items: Item[] = played.map((id) => ({
    kind: 'contest',
    id,
    field: fields.get(id) ?? { size: 0, best: 0 },
    entries: new Map(),
  }))
  const itemOf = new Map(items.map((i) => [i.id, i]))
  const byStudent = new Map<
    number,
    {
      joined: number
      seen: Set<number>
      bestRank: number | null
      bestPoints: number | null
      last: Entry | null
    }
  >()
  // Entries come in contest start order: the last ranked one seen is the student's last result.
  for (const e of entries) {
    const s = byStudent.get(e.user_id) ?? {
      joined: 0,
      seen: new Set(),
      bestRank: null,
      bestPoints: null,
      last: null,
    }
    byStudent.set(e.user_id, s)
    if (!s.seen.has(e.contest_id)) {
      s.seen.add(e.contest_id)
      s.joined += 1
    }
    if (e.status === 'open') continue
    const entry = { rank: e.rank, points: half(e.points_x2) }
    const item = itemOf.get(e.contest_id) as Item
    const held = item.entries.get(e.user_id)
    // A student with several teams in one contest is graded on the better one.
    if (!held || entry.points > held.points) item.entries.set(e.user_id, entry)
    if (e.rank === null) continue
    s.bestRank = s.bestRank === null ? e.rank : Math.min(s.bestRank, e.rank)
    s.bestPoints = s.bestPoints === null ? entry.points : Math.max(s.bestPoints, entry.points)
    s.last = entry
  }
  return { items, byStudent }
}

/** Each student's spend, balance, squad, squad value (the auction's scorer), bids and transfers. */
async function auctionNumbers(deps: Deps, auctionId: number, ids: number[]) {
  const row = await deps.db.selectFrom('auctions').selectAll().where('id', '=', auctionId).executeTakeFirst()
  if (!row) return null
  const state = stateOf(deps, row)
  const seats = await auctionSeats(deps.db, auctionId, ids)
  const board = await auctionLeaderboard(deps, row)
  const acts = (await auctionActs(deps.db, auctionId)).map((a) => JSON.parse(a.payload) as AuctionEvent)
  const byStudent = new Map<
    number,
    { spend: number; balance: number; squadSize: number; value: number; bids: number; transfers: number }
  >()
  const item: Item = {
    kind: 'auction',
    id: auctionId,
    field: { size: board.length, best: Math.max(0, ...board.map((b) => b.points)) },
    entries: new Map(),
  }
  for (const seat of seats) {
    const m = state.managers.find((x) => x.id === seat.id)
    const scored = board.find((b) => b.manager_id === seat.id)
    const mine = acts.filter((a) => 'managerId' in a && a.managerId === seat.id)
    byStudent.set(seat.user_id, {
      spend: state.config.purse - (m?.purse ?? state.config.purse),
      balance: m?.purse ?? state.config.purse,
      squadSize: m?.squad.length ?? 0,
      value: scored?.points ?? 0,
      bids: mine.filter((a) => a.type === 'bid').length,
      transfers: mine.filter((a) => a.type !== 'bid').length,
    })
    if (scored) item.entries.set(seat.user_id, { rank: scored.rank, points: scored.points })
  }
  return { byStudent, item: row.status === 'completed' ? item : null }
}
