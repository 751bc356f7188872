import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CricsheetMatch, inningsTotals } from '../../helpers/cricsheet-schema'
import { exits, tempDir } from '../helpers'
import { cricketMatch, leagueCli } from '../match-world'

const kit = leagueCli()
const files = tempDir('fanspole-export-')
afterAll(() => files.remove())

/** A T20 of the world played to the end by the simulator. */
async function playedMatch(n: number) {
  const { match } = await cricketMatch(kit.world, n)
  expect((await kit.cli('match', 'simulate', String(match.id), '--mode', 'instant')).code).toBe(0)
  return (await kit.world.api.get(`/api/matches/${match.id}`)).body.match
}

describe('GET /api/matches/{id}/events', () => {
  it('answers every stored event in seq order, each with its seq; 404 for no match', async () => {
    const match = await playedMatch(0)
    const r = await kit.world.api.get(`/api/matches/${match.id}/events`)
    expect(r.status).toBe(200)
    const events = r.body.events as Array<{ seq: number; type: string }>
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1))
    expect(events[0]?.type).toBe('lineup')
    expect(events.filter((e) => e.type === 'ball').length).toBeGreaterThan(100)
    expect((await kit.world.api.get('/api/matches/999999/events')).status).toBe(404)
  })
})

describe('fanspole match export', () => {
  it('prints a played match as Cricsheet JSON whose totals are the match score', async () => {
    const match = await playedMatch(1)
    const r = await kit.cli('match', 'export', String(match.id))
    expect(r.code).toBe(0)
    const file = CricsheetMatch.parse(JSON.parse(r.stdout))
    const innings = match.score_summary.innings as Array<{ runs: number; team_id: number }>
    expect(inningsTotals(file)).toEqual(innings.map((i) => i.runs))
    const sideName = (id: number) => match.teams.find((t: { id: number }) => t.id === id)?.name
    expect(file.innings.map((i) => i.team)).toEqual(innings.map((i) => sideName(i.team_id)))
    expect(file.info).toMatchObject({
      match_type: 'T20',
      teams: match.teams.map((t: { name: string }) => t.name),
      event: { name: match.series.name, match_number: match.match_no },
    })
    expect(Object.values(file.info.players).map((xi) => xi.length)).toEqual([11, 11])
  })

  it('writes the file with --out and says what it wrote with --json', async () => {
    const match = await playedMatch(2)
    const out = path.join(files.dir, 'match.json')
    const r = await kit.cli('match', 'export', String(match.id), '--out', out, '--json')
    expect(r.code).toBe(0)
    expect(r.json().export).toMatchObject({ match_id: match.id, out, innings: expect.any(Number) })
    expect(CricsheetMatch.safeParse(JSON.parse(fs.readFileSync(out, 'utf8'))).success).toBe(true)
  })

  it('refuses a match with no balls, another sport, a missing match and a bad id', async () => {
    const { match } = await cricketMatch(kit.world, 3)
    const upcoming = await kit.cli('match', 'export', String(match.id), '--json')
    expect(upcoming.code).toBe(1)
    expect(upcoming.json()).toMatchObject({ code: 'NOT_PLAYED' })
    const football = (await kit.world.api.get('/api/matches?sport_slug=football&per_page=1')).body.matches[0]
    exits(await kit.cli('match', 'export', String(football.id)), 1, 'only cricket matches export')
    exits(await kit.cli('match', 'export', '999999'), 1, 'not found')
    exits(await kit.cli('match', 'export', 'abc'), 2, 'match id')
  })
})
