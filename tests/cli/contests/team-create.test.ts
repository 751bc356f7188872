import { describe, expect, it } from 'vitest'
import { validateTeam } from '../../../server/domain/team-rules'
import { exits } from '../helpers'
import { cricketMatch, leagueCli } from '../match-world'

const ctx = leagueCli()
const { cli, signIn } = ctx

/** The squad of a match as the API lists it. */
async function squad(matchId: number) {
  return (await ctx.world.api.get(`/api/matches/${matchId}/players`)).body.players as Array<{
    id: number
    name: string
    style: number
    value_tenths: number
    team: { id: number }
  }>
}

describe('fanspole team create', () => {
  it('builds a valid team by strategy, through the API, and prints it', async () => {
    const { match } = await cricketMatch(ctx.world, 0)
    const p = await ctx.world.api.player('teamcli')
    await signIn(p)
    const fav = await cli('team', 'create', '--match', String(match.id))
    expect(fav.code, fav.stderr).toBe(0)
    expect(fav.stdout).toMatch(new RegExp(`^Team 1 for match ${match.id} \\(favourite\\): 11 players, `, 'm'))
    expect(fav.stdout).toMatch(/^C +\S/m)
    expect(fav.stdout).toMatch(/^VC +\S/m)
    expect(fav.stdout).toContain(`fanspole contest list --match ${match.id}`)

    const random = await cli(
      'team',
      'create',
      '--match',
      String(match.id),
      '--strategy',
      'random',
      '--seed',
      '7',
      '--json',
    )
    expect(random.code, random.stderr).toBe(0)
    const made = random.json()
    expect(made).toMatchObject({ strategy: 'random', seed: 7, user_team: { team_no: 2, match_id: match.id } })
    // What the server stored is a valid team under the rules the picker was built on.
    const pool = await squad(match.id)
    const ids = String(made.user_team.player_ids).split(',').map(Number)
    const rules = pool.map((x) => ({
      id: x.id,
      style: x.style,
      value_tenths: x.value_tenths,
      real_team_id: x.team.id,
    }))
    const check = validateTeam('cricket', rules, {
      player_ids: ids,
      captain_id: made.user_team.captain,
      vice_captain_id: made.user_team.vice_captain,
    })
    expect(ids).toHaveLength(11)
    expect(check.valid_team).toBe(true)

    const mine = (await ctx.world.api.get(`/api/matches/${match.id}/user_teams`, p.token)).body.user_teams
    expect(mine).toHaveLength(2)
  }, 60_000)

  it('keeps the players named (by name or id), captain and vice-captain, and fills the rest', async () => {
    const { match } = await cricketMatch(ctx.world, 1)
    const p = await ctx.world.api.player('teamnames')
    await signIn(p)
    const pool = await squad(match.id)
    const [a, b] = pool as [(typeof pool)[0], (typeof pool)[0]]
    const r = await cli(
      'team',
      'create',
      '--match',
      String(match.id),
      '--strategy',
      'differential',
      '--players',
      `${a.name},${b.id}`,
      '--captain',
      String(b.id),
      '--vice-captain',
      a.name,
      '--json',
    )
    expect(r.code, r.stderr).toBe(0)
    const team = r.json().user_team
    expect(String(team.player_ids).split(',').map(Number)).toEqual(expect.arrayContaining([a.id, b.id]))
    expect(team.captain).toBe(b.id)
    expect(team.vice_captain).toBe(a.id)
    expect(r.json().strategy).toBe('named + differential')
  }, 60_000)

  it('names every unknown player, refuses a bad strategy (exit 2) and needs a match', async () => {
    const { match } = await cricketMatch(ctx.world, 1)
    const unknown = await cli(
      'team',
      'create',
      '--match',
      String(match.id),
      '--players',
      'Nobody Atall,Zzyzx',
    )
    exits(unknown, 2, 'no player "Nobody Atall" in the squad; closest:')
    expect(unknown.stderr).toContain('no player "Zzyzx" in the squad')
    expect(unknown.stderr).toContain(`/matches/${match.id}/create-team`)
    exits(
      await cli('team', 'create', '--match', String(match.id), '--strategy', 'best'),
      2,
      '--strategy: expected favourite, differential, random',
    )
    const same = await cli(
      'team',
      'create',
      '--match',
      String(match.id),
      '--captain',
      '1',
      '--vice-captain',
      '1',
    )
    expect(same.code).toBe(2)
    expect((await cli('team', 'create')).code).toBe(2)
  }, 60_000)
})
