import { describe, expect, it } from 'vitest'
import { squadOf } from '../../helpers/league'
import { exits } from '../helpers'
import { cricketMatch, entrant, leagueCli, oneBall } from '../match-world'

const ctx = leagueCli()
const { cli } = ctx

describe('fanspole contest list', () => {
  it('lists every contest of a match', async () => {
    const { match } = await cricketMatch(ctx.world, 0)
    const r = await cli('contest', 'list', '--match', String(match.id), '--json')
    expect(r.code).toBe(0)
    const { contests, meta } = r.json()
    expect(meta.total).toBe(7)
    expect(contests.every((c: { match_id: number }) => c.match_id === match.id)).toBe(true)
    expect(contests.map((c: { kind: string }) => c.kind).sort()).toEqual([
      'free',
      'guaranteed',
      'head_to_head',
      'head_to_head',
      'mega',
      'small',
      'small',
    ])
    const table = await cli('contest', 'list', '--match', String(match.id))
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ *ID +MATCH +CONTEST +STATUS +ENTRY +PRIZE POOL +SPOTS +WINNERS +FLAGS$/)
    expect(table.stdout).toMatch(/ Mega Contest +open +₹49\.00 +₹41,650\.00 +\d+\/1000 +300 +G M4$/m)
    expect(table.stdout).toMatch(/ Free Practice +open +free +₹0\.00 +\d+\/100 +0 +G$/m)
    expect(lines.at(-1)).toBe('1–7 of 7 · G guaranteed, M multi-entry (max)')
  })

  it('sorts by entry fee ascending and filters by the contest filters', async () => {
    const byFee = await cli('contest', 'list', '--sort', 'fee', '--asc', '--per-page', '50', '--json')
    expect(byFee.code).toBe(0)
    const fees = byFee.json().contests.map((c: { entry_fee: number }) => c.entry_fee)
    expect(fees.length).toBeGreaterThan(10)
    expect(fees).toEqual([...fees].sort((a: number, b: number) => a - b))
    expect(byFee.json().contests.every((c: { contest_status: string }) => c.contest_status === 'open')).toBe(
      true,
    )

    const h2h = await cli('contest', 'list', '--filter', '5', '--per-page', '100', '--json')
    expect(h2h.json().contests.length).toBeGreaterThan(0)
    expect(h2h.json().contests.every((c: { members_limit: number }) => c.members_limit === 2)).toBe(true)
    const freeOrH2h = await cli(
      'contest',
      'list',
      '--filter',
      '1,5',
      '--sport',
      'cricket',
      '--per-page',
      '100',
      '--json',
    )
    for (const c of freeOrH2h.json().contests) {
      expect(c.sport_slug).toBe('cricket')
      // 1 (free) and 5 (head to head) are in different groups: both must hold.
      expect(c.entry_fee === 0 && c.members_limit === 2).toBe(true)
    }
  })

  it('exits 1 with the server’s 422 for an unknown filter and 2 for bad flags', async () => {
    const unknown = await cli('contest', 'list', '--filter', '1,99')
    exits(unknown, 1, 'error: 422 VALIDATION_FAILED:')
    expect(unknown.stderr).toMatch(/^ {2}filter_ids: has unknown filters: 99$/m)
    const sort = await cli('contest', 'list', '--sort', 'cheapest')
    exits(sort, 2, 'error: --sort: expected prize, spots, winners or fee')
    const both = await cli('contest', 'list', '--match', '3', '--type', 'live')
    exits(both, 2, '--type lists contests across matches')
    const filter = await cli('contest', 'list', '--filter', 'free')
    expect(filter.code).toBe(2)
    expect(filter.stderr).toContain(
      'error: --filter: expected comma-joined filter ids such as 1,5, got "free"',
    )
  })
})

describe('fanspole contest show', () => {
  it('shows the contest, its prizes and its rules', async () => {
    const { contests } = await cricketMatch(ctx.world, 0)
    const small = contests.find((c) => c.name === 'Small League')!
    const r = await cli('contest', 'show', String(small.id))
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^contest +Small League \(small\)$/m)
    expect(r.stdout).toMatch(/^entry +₹10\.00$/m)
    expect(r.stdout).toMatch(/^prize pool +₹85\.00 \(rake 15%\)$/m)
    expect(r.stdout).toMatch(/^winners +3$/m)
    expect(r.stdout).toMatch(/^guaranteed +no$/m)
    expect(r.stdout).toMatch(/^1 +₹46\.00$/m)
    expect(r.stdout).toMatch(/^2 +₹23\.00$/m)
    expect(r.stdout).toMatch(/^3 +₹16\.00$/m)
    expect(r.stdout).toContain('  - If the contest has not filled when the match starts, it is cancelled')
    const json = await cli('contest', 'show', String(small.id), '--json')
    expect(json.json()).toMatchObject({
      contest: { id: small.id, name: 'Small League', prize_amount: 85 },
      prizes: [
        { rank_text: '1', amount: 46 },
        { rank_text: '2', amount: 23 },
        { rank_text: '3', amount: 16 },
      ],
      info: { rake_percent: 15, rules: expect.any(Array) },
    })
  })

  it('exits 1 for an unknown contest', async () => {
    const r = await cli('contest', 'show', '999999')
    exits(r, 1, 'error: 404 NOT_FOUND: Contest not found')
  })
})

describe('fanspole contest leaderboard', () => {
  it('shows entries in joining order, then live ranks, then prizes once settled', async () => {
    const { match, contests } = await cricketMatch(ctx.world, 1)
    const h2h = contests.find((c) => c.kind === 'head_to_head' && c.entry_fee === 25)!
    const a = await entrant(ctx.world, match.id, h2h.id, 'alice')
    let b = await entrant(ctx.world, match.id, undefined, 'bob')
    for (let salt = 0; b.ids.join() === a.ids.join(); salt++)
      b = await entrant(ctx.world, match.id, undefined, `bob${salt}`)
    expect(
      (await ctx.world.api.post(`/api/contests/${h2h.id}/join`, { team_id: b.team.id }, b.player.token))
        .status,
    ).toBe(200)

    const before = await cli('contest', 'leaderboard', String(h2h.id))
    expect(before.code).toBe(0)
    expect(before.stdout).toContain(`Head to Head · ${match.title}  open`)
    expect(before.stdout).toMatch(new RegExp(`^ +- +${a.player.username} +0$`, 'm'))

    // A six by a batter only alice has, off a bowler she does not have.
    await ctx.world.api.post(`/api/admin/matches/${match.id}/start`, undefined, ctx.world.adminToken)
    const squad = await squadOf(ctx.world.server.deps, match.id)
    const batter = squad.find((p) => a.ids.includes(p.id) && !b.ids.includes(p.id))!
    const partner = squad.find((p) => p.real_team_id === batter.real_team_id && p.id !== batter.id)!
    const bowler = squad.find((p) => p.real_team_id !== batter.real_team_id && !a.ids.includes(p.id))!
    const { events } = await oneBall(ctx.world, match.id, {
      batter: batter.id,
      nonStriker: partner.id,
      bowler: bowler.id,
      runs: 6,
    })
    expect(
      (await ctx.world.api.post(`/api/admin/matches/${match.id}/events`, { events }, ctx.world.adminToken))
        .status,
    ).toBe(200)
    const live = await cli('contest', 'leaderboard', String(h2h.id), '--json')
    expect(live.json()).toMatchObject({
      members: [
        { rank: 1, user: { username: a.player.username } },
        { rank: 2, user: { username: b.player.username } },
      ],
      current_user_members: [],
      version: expect.any(Number),
      meta: { total: 2 },
    })
    const table = await cli('contest', 'leaderboard', String(h2h.id))
    expect(table.stdout).toMatch(/^ *RANK +ENTRY +POINTS$/m)
    expect(table.stdout).toMatch(new RegExp(`^ +1 +${a.player.username} +\\d+(\\.5)?$`, 'm'))

    await ctx.world.api.post(`/api/admin/matches/${match.id}/complete`, undefined, ctx.world.adminToken)
    const settled = await cli('contest', 'leaderboard', String(h2h.id))
    expect(settled.stdout).toMatch(/^ *RANK +ENTRY +POINTS +PRIZE$/m)
    expect(settled.stdout).toMatch(new RegExp(`^ +1 +${a.player.username} +[\\d.]+ +₹42\\.00$`, 'm'))
    expect(settled.stdout).toMatch(new RegExp(`^ +2 +${b.player.username} +[\\d.-]+ +₹0\\.00$`, 'm'))
  })

  it('refuses --watch with --json', async () => {
    const r = await cli('contest', 'leaderboard', '1', '--watch', '--json')
    exits(r, 2, 'error: --watch shows a live view; leave out --json')
  })
})
