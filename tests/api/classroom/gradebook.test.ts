import type { KyselyPlugin } from 'kysely'
import { describe, expect, it } from 'vitest'
import { classReport } from '../../../server/areas/classroom/report'
import { GradeRuleQuery } from '../../../server/domain/gradebook'
import { apiWorld } from '../../helpers/world'

/** The gradebook (docs/classroom.md, "Gradebook"): the numbers, once, on the server. */
const ctx = apiWorld({ league: true, admin: true })

type Student = { id: number; username: string; password: string }
type Row = Record<string, number | string | null>

/** A class of three: A signs in twice, bids once, posts once and wins the class contest; B signs in once and ends last with negative points; C does nothing. */
async function playedClass() {
  const made = await ctx.api.post('/api/admin/classrooms', { students: 3, seats: 4 }, ctx.admin.token)
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  const [a, b] = made.body.students as [Student, Student, Student]
  const { db } = ctx.world.deps
  const tokenA = (await ctx.api.login(a.username, a.password)).access_token as string
  await ctx.api.login(a.username, a.password)
  await ctx.api.login(b.username, b.password)
  expect((await ctx.api.post('/api/posts', { content: 'my squad is ready' }, tokenA)).status).toBe(201)

  const auctionId = made.body.auction.id as number
  expect((await ctx.api.post(`/api/auctions/${auctionId}/start`, {}, ctx.admin.token)).status).toBe(200)
  const lot = (await ctx.api.get(`/api/auctions/${auctionId}/bidding_player`, tokenA)).body
  const bid = await ctx.api.post(
    `/api/auctions/${auctionId}/bid_player`,
    { player_id: lot.bidding_player.id, bid_amount: lot.next_bid_amount },
    tokenA,
  )
  expect(bid.status, JSON.stringify(bid.body)).toBe(200)

  // The class contest, settled: A first (100), the instructor second (20), B third (−10).
  const contestId = made.body.contest.id as number
  const mine = await db
    .selectFrom('contest_members')
    .selectAll()
    .where('contest_id', '=', contestId)
    .executeTakeFirstOrThrow()
  await db.updateTable('contest_members').set({ rank: 2, points_x2: 40 }).where('id', '=', mine.id).execute()
  for (const [who, rank, x2] of [
    [a as Student, 1, 200],
    [b as Student, 3, -20],
  ] as const) {
    // The student's team: the instructor's players (a team is the contest's one entry per team).
    const { id: _, ...team } = await db
      .selectFrom('user_teams')
      .selectAll()
      .where('id', '=', mine.user_team_id)
      .executeTakeFirstOrThrow()
    const own = await db
      .insertInto('user_teams')
      .values({ ...team, user_id: who.id })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('contest_members')
      .values({
        contest_id: contestId,
        user_id: who.id,
        user_team_id: own.id,
        entry_fee_paise: 0,
        points_x2: x2,
        rank,
        joined_at_ms: mine.joined_at_ms,
      })
      .execute()
  }
  await db.updateTable('contests').set({ status: 'completed' }).where('id', '=', contestId).execute()
  return { classId: made.body.classroom.id as number, students: made.body.students as Student[] }
}

const report = (id: number, query = '', token = ctx.admin.token) =>
  ctx.api.get(`/api/classrooms/${id}/report${query}`, token)

describe('GET /api/classrooms/{id}/report', () => {
  it('counts each student’s sign-ins, contests, bids and posts and grades them by the default rule', async () => {
    const { classId, students } = await playedClass()
    const res = await report(classId)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.rule).toEqual({
      participation: { contests: 40, bids: 30, posts: 30 },
      result: 'points',
      drop_lowest: 0,
      negative_as_zero: false,
    })
    const rows = res.body.students as Row[]
    expect(rows.map((r) => r.username)).toEqual(students.map((s) => s.username))
    const [a, b, c] = rows as [Row, Row, Row]
    expect(a).toMatchObject({ sign_ins: 2, contests: 1, bids: 1, posts: 1, best_rank: 1, best_points: 100 })
    expect(a).toMatchObject({
      last_rank: 1,
      last_points: 100,
      balance: 10_000,
      auction_spend: 0,
      squad_size: 0,
    })
    expect(b).toMatchObject({ sign_ins: 1, contests: 1, bids: 0, posts: 0, best_rank: 3, last_points: -10 })
    expect(c).toMatchObject({ sign_ins: 0, contests: 0, bids: 0, posts: 0, best_rank: null, last_rank: null })
    // Participation: A has the class's highest of everything, B only its contest (40).
    expect(rows.map((r) => r.participation_grade)).toEqual([100, 40, 0])
    // Result by points against the best (100): the auction is not over, so only the contest counts.
    expect(res.body.graded).toEqual([{ kind: 'contest', id: expect.any(Number), entries: 3 }])
    expect(rows.map((r) => r.result_grade)).toEqual([100, -10, 0])
  })

  it('follows the rule asked: weights, rank, negatives as zero, dropping the lowest', async () => {
    const { classId } = await playedClass()
    const grades = async (query: string) => {
      const res = await report(classId, query)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return (res.body.students as Row[]).map((r) => [r.participation_grade, r.result_grade])
    }
    expect(await grades('?participation=sign_ins:50,contests:50')).toEqual([
      [100, 100],
      [75, -10],
      [0, 0],
    ])
    expect(await grades('?negative_as_zero=true')).toEqual([
      [100, 100],
      [40, 0],
      [0, 0],
    ])
    // By rank among the contest's 3 entries: first 100, third 0; C never played: 0.
    expect((await grades('?result=rank')).map((g) => g[1])).toEqual([100, 0, 0])
    // One graded item each: dropping the lowest leaves nothing to grade.
    expect((await grades('?drop_lowest=1')).map((g) => g[1])).toEqual([null, null, null])
  })

  it.each([
    ['?participation=contests:40,bids:30', /add up to 70/],
    ['?participation=grades:100', /not metric:weight/],
    ['?participation=bids:50,bids:50', /given twice/],
    ['?result=median', /rank/],
    ['?drop_lowest=-1', /./],
  ])('refuses the rule %s with 422 listing the valid forms', async (query, message) => {
    const { classId } = await playedClass()
    const res = await report(classId, query)
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(JSON.stringify(res.body.errors)).toMatch(message)
    expect(res.body.errors.forms.join(' ')).toMatch(/contests:40,bids:30,posts:30.*rank or points/)
  })

  it('is 404 to a student, another player and for a class that does not exist; 401 signed out', async () => {
    const { classId, students } = await playedClass()
    const student = await ctx.api.login(students[0]?.username as string, students[0]?.password as string)
    const player = await ctx.api.player()
    expect((await report(classId, '', student.access_token)).status).toBe(404)
    expect((await report(classId, '', player.token)).status).toBe(404)
    expect((await report(999_999)).status).toBe(404)
    expect((await ctx.api.get(`/api/classrooms/${classId}/report`)).status).toBe(401)
  })

  it('asks the database the same number of times for a class of 2 and a class of 12', async () => {
    const asked = async (students: number) => {
      const made = await ctx.api.post('/api/admin/classrooms', { students }, ctx.admin.token)
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      let queries = 0
      const counting: KyselyPlugin = {
        transformQuery: (args) => {
          queries += 1
          return args.node
        },
        transformResult: async (args) => args.result,
      }
      const deps = { ...ctx.world.deps, db: ctx.world.deps.db.withPlugin(counting) }
      const report = await classReport(
        deps,
        made.body.classroom.id,
        { id: ctx.admin.id, role: 'admin' },
        GradeRuleQuery.parse({}),
      )
      expect(report.students).toHaveLength(students)
      return queries
    }
    const few = await asked(2)
    expect(await asked(12)).toBe(few)
    expect(few).toBeGreaterThanOrEqual(8) // the plugin sees them: the class, its students, the counts, the auction
    expect(few).toBeLessThanOrEqual(15)
  })
})
