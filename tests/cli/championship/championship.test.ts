import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asPool, phasePlayers } from '../../../server/areas/championship/queries'
import { createRng } from '../../../server/domain/rng'
import { pickTeam } from '../../../server/domain/team-picker'
import type { TeamPlayer } from '../../../server/domain/team-rules'
import { exits, playerHomes, runCli } from '../helpers'
import { type LeagueCliWorld, leagueCliWorld } from '../match-world'

let world: LeagueCliWorld
/** The seeded phase of three ODIs, all still to play (nobody has a team in it). */
let phase: { id: number; matches: number[] }
let pool: TeamPlayer[]
beforeAll(async () => {
  world = await leagueCliWorld()
  const { db } = world.server.deps
  const row = await db
    .selectFrom('series_phases as ph')
    .innerJoin('series as se', 'se.id', 'ph.series_id')
    .select('ph.id')
    .where('se.format', '=', 'ODI')
    .executeTakeFirstOrThrow()
  const matches = await db
    .selectFrom('matches')
    .select('id')
    .where('phase_id', '=', row.id)
    .orderBy('event_time_ms')
    .execute()
  phase = { id: row.id, matches: matches.map((m) => m.id) }
  pool = asPool(await phasePlayers(db, row.id))
})
afterAll(() => world.close())

/** A player signed in with `fanspole login` in a FANSPOLE_HOME of their own. */
const signedInHome = playerHomes()
async function signedIn() {
  const player = await world.api.player()
  const { env } = await signedInHome(world.env, player)
  return { player, env, cli: (...args: string[]) => runCli(['championship', ...args], env) }
}

/** --captain / --vice-captain when a swap takes them out: their replacements lead. */
const roleFlags = (captain: number, vice: number, sw: { out: number[]; in: number[] }) => [
  ...(sw.out.includes(captain) ? ['--captain', String(sw.in[sw.out.indexOf(captain)])] : []),
  ...(sw.out.includes(vice) ? ['--vice-captain', String(sw.in[sw.out.indexOf(vice)])] : []),
]

const admin = (path: string) => world.api.post(path, undefined, world.adminToken)

/** Like-for-like swaps (same role and side, no dearer): the team rules still hold. */
function swaps(team: number[], n: number, avoid: number[] = []): { out: number[]; in: number[] } {
  const out: number[] = []
  const into: number[] = []
  for (const id of team) {
    if (out.length === n) break
    if (avoid.includes(id)) continue
    const gone = pool.find((p) => p.id === id) as TeamPlayer
    const pick = pool.find(
      (p) =>
        p.style === gone.style &&
        p.real_team_id === gone.real_team_id &&
        p.value_tenths <= gone.value_tenths &&
        !team.includes(p.id) &&
        !into.includes(p.id) &&
        !avoid.includes(p.id),
    )
    if (!pick) continue
    out.push(id)
    into.push(pick.id)
  }
  expect(out).toHaveLength(n)
  return { out, in: into }
}

describe('fanspole championship', () => {
  it('asks for a sign-in, and says how to make a team when there is none', async () => {
    const anonymous = await runCli(['championship', 'phases'], world.env)
    exits(anonymous, 1, `error: Not signed in to ${world.server.url}`)
    const { cli } = await signedIn()
    const none = await cli('team', 'show', '--phase', String(phase.id), '--json')
    expect(none.code).toBe(1)
    expect(none.json()).toMatchObject({ code: 'NO_CLASSIC_TEAM' })
    expect(none.stderr).toContain(`fanspole championship team create --phase ${phase.id}`)
  })

  it('plays a phase: create, free changes before the lock, a paid transfer priced and charged, history, the board live to the end', async () => {
    const { player, cli } = await signedIn()
    await world.api.post('/api/admin/wallet/credits', { user_id: player.id, amount: 50 }, world.adminToken)
    const pick = pickTeam('cricket', pool, createRng(3).stream('cli-championship')) as NonNullable<
      ReturnType<typeof pickTeam>
    >
    const createTeam = [
      'team',
      'create',
      '--phase',
      String(phase.id),
      '--players',
      pick.player_ids.join(','),
      '--captain',
      String(pick.captain_id),
      '--vice-captain',
      String(pick.vice_captain_id),
    ]
    const create = await cli(...createTeam)
    expect(create.code, create.stderr).toBe(0)
    expect(create.stdout).toMatch(/^Created championship team \d+ in phase \d+\.$/m)
    expect(create.stdout).toMatch(/^transfers +unlimited until the first match starts$/m)
    const again = await cli(...createTeam, '--json')
    expect(again.code).toBe(1)
    expect(again.json()).toMatchObject({ status: 409 })

    const phases = await cli('phases', '--json')
    const listed = phases.json().series_phases.find((p: { id: number }) => p.id === phase.id)
    expect(listed).toMatchObject({
      status: 'upcoming',
      matches_count: 3,
      current_user_classic_team: { free_transfers: '∞', paid_transfers: '∞' },
    })
    const table = await cli('phases')
    expect(table.stdout).toMatch(
      /^ *ID +SERIES +PHASE +STATUS +PLAYED +MY TEAM +SCORE +RANK +FREE\/PAID LEFT +NEXT DEADLINE$/m,
    )
    expect(table.stdout).toMatch(
      new RegExp(`^ *${phase.id} +ENG v NZ ODIs +ODI Series +upcoming +0/3 +\\d+ +0 +∞/∞ +\\d{4}-`, 'm'),
    )

    // Before the first lock: unlimited, free.
    /** `team edit` of the phase swapping `swap.out` for `swap.in`, and `more` flags. */
    const editSwaps = (swap: { out: number[]; in: number[] }, ...more: string[]) =>
      cli(
        'team',
        'edit',
        '--phase',
        String(phase.id),
        '--out',
        swap.out.join(','),
        '--in',
        swap.in.join(','),
        ...more,
      )
    const before = swaps(pick.player_ids, 3)
    const free = await editSwaps(before, ...roleFlags(pick.captain_id, pick.vice_captain_id, before))
    expect(free.code, free.stderr).toBe(0)
    expect((await cli('transfers', '--phase', String(phase.id))).stdout).toContain('has not been locked yet')

    // Match 1 locks the team; then three changes: 2 free + 1 paid (₹15).
    expect((await admin(`/api/admin/matches/${phase.matches[0]}/start`)).status).toBe(200)
    const shown = (await cli('team', 'show', '--phase', String(phase.id), '--json')).json().classic_team
    const side: number[] = shown.team_players.map((p: { id: number }) => p.id)
    const three = swaps(side, 3)
    const priced = await cli(
      'transfers',
      '--phase',
      String(phase.id),
      '--players',
      side.map((id) => (three.out.includes(id) ? three.in[three.out.indexOf(id)] : id)).join(','),
      '--json',
    )
    expect(priced.json()).toMatchObject({
      priced: 'proposed',
      used: 3,
      free_used: 2,
      paid_used: 1,
      cost_at_next_lock: 15,
    })
    const keepCaptain = three.out.includes(shown.captain.id)
      ? ['--captain', String(three.in[three.out.indexOf(shown.captain.id)])]
      : []
    const keepVice = three.out.includes(shown.vice_captain.id)
      ? ['--vice-captain', String(three.in[three.out.indexOf(shown.vice_captain.id)])]
      : []
    const saved = await editSwaps(three, ...keepCaptain, ...keepVice)
    expect(saved.code, saved.stderr).toBe(0)
    expect(saved.stdout).toMatch(/^transfers +0 free, 1 paid left \(next paid ₹25\.00\)$/m)
    const pending = await cli('transfers', '--phase', String(phase.id))
    expect(pending.stdout).toMatch(/^saved change +3 transfers: 2 free, 1 paid$/m)
    expect(pending.stdout).toMatch(/^cost at next lock +₹15\.00$/m)
    // Five changes or more are more than 2 free + 2 paid: the server's 422, as it words it.
    let other = pickTeam('cricket', pool, createRng(4).stream('other')) as NonNullable<
      ReturnType<typeof pickTeam>
    >
    for (let seed = 5; other.player_ids.filter((id) => !side.includes(id)).length < 5; seed++)
      other = pickTeam('cricket', pool, createRng(seed).stream('other')) as NonNullable<
        ReturnType<typeof pickTeam>
      >
    const changes = other.player_ids.filter((id) => !side.includes(id)).length
    const refused = await cli(
      'team',
      'edit',
      '--phase',
      String(phase.id),
      '--players',
      other.player_ids.join(','),
      '--captain',
      String(other.captain_id),
      '--vice-captain',
      String(other.vice_captain_id),
    )
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      `error: 422 VALIDATION_FAILED: transfers: ${changes} used, 2 free + 2 paid left`,
    )

    // The board, live over ChampionshipChannel, until the phase completes.
    await admin(`/api/admin/matches/${phase.matches[0]}/complete`)
    const watching = runCli(
      ['championship', 'leaderboard', '--phase', String(phase.id), '--watch'],
      (await signedIn()).env,
    )
    for (const id of phase.matches.slice(1)) {
      expect((await admin(`/api/admin/matches/${id}/start`)).status).toBe(200)
      expect((await admin(`/api/admin/matches/${id}/complete`)).status).toBe(200)
    }
    const watched = await watching
    expect(watched.code, watched.stderr).toBe(0)
    expect(watched.stdout).toContain('ENG v NZ ODIs · ODI Series: completed')
    expect(watched.stdout).toMatch(/^ +1 +\S/m)

    const history = await cli('history', '--phase', String(phase.id))
    expect(history.code).toBe(0)
    expect(history.stdout).toMatch(/^MATCH +STATUS +SCORE +C +VC +IN +OUT +FREE +PAID +CHARGED$/m)
    expect(history.stdout).toMatch(/ +2 +1 +₹15\.00$/m)
    expect(history.stdout).toMatch(/^3 matches · [\d.]+ points · ₹15\.00 paid for transfers$/m)
    const rows = (await cli('history', '--phase', String(phase.id), '--json')).json().classic_team_scores
    expect(rows.map((r: { paid_charged: number }) => r.paid_charged)).toEqual([0, 15, 0])
    expect(rows[1].player_in.map((p: { id: number }) => p.id).sort()).toEqual([...three.in].sort())

    const board = await cli('leaderboard', '--phase', String(phase.id))
    expect(board.stdout).toMatch(/^ENG v NZ ODIs · ODI Series +completed$/m)
    expect(board.stdout).toMatch(/^Your team \d+: rank 1, [\d.]+ points, 2 free and 1 paid transfers used$/m)
  })
})
