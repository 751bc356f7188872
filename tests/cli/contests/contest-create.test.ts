import { describe, expect, it } from 'vitest'
import { classicBody } from '../../helpers/championship'
import { contestCreate, exits } from '../helpers'
import { cricketMatch, leagueCli } from '../match-world'

const ctx = leagueCli()
const { cli, signIn, friend, unused } = ctx

describe('fanspole contest create / join / members / edit / delete', () => {
  it('makes a private paid contest and friends join it with the code', async () => {
    const { match } = await cricketMatch(ctx.world, 2)
    const owner = await friend(match.id, 'cliowner', 100, true)
    const mate = await friend(match.id, 'climate', 100)
    const late = await ctx.world.api.player('clilate')
    await ctx.world.api.post(
      '/api/admin/wallet/credits',
      { user_id: late.id, amount: 100 },
      ctx.world.adminToken,
    )
    await signIn(owner)

    const draft = contestCreate(match.id, 'Hostel XI', '--fee', '50', '--size', '4', '--prizes', '1:70,2:30')
    const dry = await cli(...draft, '--dry-run', '--json')
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.json().bill).toMatchObject({ entry_fee: 50, members_limit: 4, prize_pool: 170, you_pay: 50 })
    expect(dry.json().prizes).toMatchObject([
      { from: 1, to: 1, amount: 119 },
      { from: 2, to: 2, amount: 51 },
    ])
    const dryText = await cli(...draft, '--dry-run')
    expect(dryText.stdout).toMatch(/^prize pool +₹170\.00 \(rake 15%/m)
    expect(dryText.stdout).toContain('Nothing was created (--dry-run).')
    expect(await unused(owner.token)).toBe(100)

    const created = await cli(...draft, '--description', 'Loser buys chai')
    expect(created.code, created.stderr).toBe(0)
    expect(created.stdout).toMatch(/^Created contest \d+, "Hostel XI"; you are in\.$/m)
    expect(created.stdout).toMatch(/^contest +Hostel XI \(private\)$/m)
    expect(created.stdout).toMatch(/^spots +1\/4$/m)
    const code = /^invite code +(\S+)$/m.exec(created.stdout)?.[1] as string
    expect(code).toMatch(/^[A-Za-z0-9]{8,}$/)
    expect(created.stdout).toMatch(
      new RegExp(`^link +${ctx.world.server.url}/contests/\\d+/join\\?code=${code}$`, 'm'),
    )
    expect(created.stdout).toContain(`fanspole contest join --code ${code}`)
    const id = Number(/^id +(\d+)$/m.exec(created.stdout)?.[1])
    expect(await unused(owner.token)).toBe(50)

    // Joining without a team for the match says what to do.
    await signIn(late)
    const noTeam = await cli('contest', 'join', '--code', code)
    exits(noTeam, 1, `error: You have no team for match ${match.id}`)
    // The hint names this match, never a literal {id}.
    expect(noTeam.stderr).toContain(`fanspole team create --match ${match.id}`)
    expect(noTeam.stderr).toContain(`/matches/${match.id}/create-team`)
    expect(noTeam.stderr).not.toContain('{id}')
    const wrong = await cli('contest', 'join', '--code', 'WRONGCODE99', '--json')
    expect(wrong.code).toBe(1)
    expect(wrong.json()).toMatchObject({ status: 404 })

    await signIn(mate)
    const joined = await cli('contest', 'join', '--code', code)
    expect(joined.code, joined.stderr).toBe(0)
    expect(joined.stdout).toMatch(/^Joined "Hostel XI" \(entry \d+\): paid ₹50\.00 · 2\/4 spots taken$/m)
    const again = await cli('contest', 'join', '--code', code, '--json')
    expect(again.code).toBe(1)
    expect(again.json().code).toBe('NO_TEAM')

    await signIn(owner)
    const members = await cli('contest', 'members', String(id))
    expect(members.code, members.stderr).toBe(0)
    expect(members.stdout).toMatch(/^Hostel XI {2}2\/4$/m)
    expect(members.stdout).toMatch(/^ *MEMBER +ENTRY +TEAM +RANK +REFUNDED$/m)
    const listed = (await cli('contest', 'members', String(id), '--json')).json().members as Array<{
      id: number
      user: { username: string }
    }>
    const mateEntry = listed.find((m) => m.user.username === 'climate')
    expect(mateEntry).toBeDefined()
  })

  it('answers the server’s 422 and 403 with the field messages', async () => {
    const { match } = await cricketMatch(ctx.world, 3)
    const newbie = await friend(match.id, 'clinewbie', 100)
    await signIn(newbie)
    const base = ['contest', 'create', '--match', String(match.id), '--name', 'Mates', '--size', '4']
    const paid = await cli(...base, '--fee', '25')
    expect(paid.code).toBe(1)
    expect(paid.stderr).toMatch(/^error: 403 FORBIDDEN: /m)
    const gap = await cli(...base, '--prizes', '1:60,3:40', '--json')
    expect(gap.code).toBe(1)
    expect(gap.json()).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' })
    expect(Object.keys(gap.json().errors).join(' ')).toMatch(/prize_ranges/)
    const free = await cli(...base, '--prize', 'top_3', '--json')
    expect(free.code, free.stderr).toBe(0)
    expect(free.json().contest).toMatchObject({
      entry_fee: 0,
      is_private: true,
      members_count: 1,
      is_owner: true,
    })
  })

  it('makes a private championship contest for a phase; a friend joins it with the code', async () => {
    const { deps } = ctx.world.server
    const phase = await deps.db
      .selectFrom('series_phases as ph')
      .innerJoin('series as se', 'se.id', 'ph.series_id')
      .select('ph.id')
      .where('se.format', '=', 'ODI')
      .executeTakeFirstOrThrow()
    const classic = async (name: string) => {
      const p = await ctx.world.api.player(name)
      const body = await classicBody(deps, phase.id, name)
      const made = await ctx.world.api.post(
        '/api/championship/classic_teams',
        { phase_id: phase.id, ...body },
        p.token,
      )
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      return p
    }
    const owner = await classic('cliseason')
    const mate = await classic('cliseason2')
    await signIn(owner)
    const args = ['contest', 'create', '--game', 'championship', '--phase', String(phase.id)]
    const withMatch = await cli(...args, '--match', '3', '--name', 'x', '--size', '3')
    exits(withMatch, 2, 'a championship contest enters your classic team of --phase')
    const made = await cli(...args, '--name', 'Season Mates', '--size', '5', '--json')
    expect(made.code, made.stderr).toBe(0)
    const contest = made.json().championship_contest ?? made.json().contest
    const shown = await cli(...args, '--name', 'Season Mates Two', '--size', '4')
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toMatch(/^phase +\d+ /m)
    expect(shown.stdout).toMatch(/^Share the code [A-Z0-9]{8,}: friends join with$/m)
    expect(contest).toMatchObject({ name: 'Season Mates', is_private: true, members_count: 1 })
    expect(contest.invite_link).toMatch(/type=championship/)

    await signIn(mate)
    const code = new URL(contest.invite_link, ctx.world.server.url).searchParams.get('code') as string
    expect(code).toMatch(/^[A-Z0-9]{8,}$/)
    const joined = await cli('contest', 'join', '--code', code.toLowerCase())
    expect(joined.code, joined.stderr).toBe(0)
    expect(joined.stdout).toMatch(/^Joined "Season Mates" \(entry \d+\): paid nothing · 2\/5 spots taken$/m)
    const members = await cli('contest', 'members', String(contest.id), '--championship', '--json')
    expect(members.code, members.stderr).toBe(0)
    expect(members.json().members).toHaveLength(2)
  })
})
