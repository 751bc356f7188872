import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CricsheetMatch, inningsTotals } from '../../helpers/cricsheet-schema'
import { exits, runCli, tempDir } from '../helpers'

/** `fanspole sim` runs without a server or a database: every test calls it bare. */
const cli = (...args: string[]) => runCli(args)
const files = tempDir('fanspole-sim-')
afterAll(() => files.remove())

interface Row {
  key: string
  n: number
  mean: number
  p10: number
  p90: number
  target: { value: number; low: number; high: number; source: string } | null
  within: boolean | null
}

describe('fanspole sim stats', () => {
  it('prints every cricket figure as one JSON document, the same for the same seed', async () => {
    const r = await cli('sim', 'stats', '--matches', '20', '--seed', '5', '--json')
    expect(r.code).toBe(0)
    const { stats } = r.json()
    expect(stats).toMatchObject({
      sport: 'cricket',
      format: 'T20',
      profile: 't20-2008',
      matches: 20,
      seed: 5,
    })
    const rows = stats.figures as Row[]
    const keys = rows.map((f) => f.key)
    for (const key of [
      'total_1st',
      'all_out_2nd',
      'rpo_death_1st',
      'maidens',
      'fantasy_points',
      'super_over_ties',
    ])
      expect(keys).toContain(key)
    const total = rows.find((f) => f.key === 'total_1st') as Row
    expect(total.n).toBe(20)
    expect(total.p10).toBeLessThanOrEqual(total.p90)
    expect(total.target).toMatchObject({ value: 163.3 })
    expect(total.within).toBe(
      total.mean >= (total.target?.low ?? 0) && total.mean <= (total.target?.high ?? 0),
    )
    expect(stats.met + stats.missed.length).toBe(rows.filter((f) => f.within !== null).length)
    // The progress went to stderr; stdout is the document alone.
    expect(r.stderr).toContain('20 matches simulated')
    const again = await cli('sim', 'stats', '--matches', '20', '--seed', '5', '--json')
    expect(again.stdout).toBe(r.stdout)
  })

  it('prints a table with the era target, its band and ✓/✗, and exits 0 though figures miss', async () => {
    const r = await cli('sim', 'stats', '--format', 'T20', '--era', 't20-2024', '--matches', '10')
    expect(r.code).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines[0]).toContain('10 simulated T20 cricket · t20-2024 · seed 42')
    expect(lines.find((l) => l.startsWith('FIGURE'))).toMatch(
      /FIGURE +N +MEAN +SD +P10 +P50 +P90 +TARGET +BAND +OK/,
    )
    const total = lines.find((l) => l.startsWith('1st-innings total '))
    expect(total).toMatch(/187\.00 +168\.30–205\.70 +[✓✗]/)
    expect(r.stdout).toMatch(/\d+ of 6 figures with a target inside their band/)
  })

  it('exits 1 with --check when a figure misses its band, naming the figures', async () => {
    // Ten matches hold few ties and no free hits yet: those figures cannot be inside their bands.
    const r = await cli('sim', 'stats', '--matches', '10', '--check')
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/error: \d+ figure\(s\) outside their band: .*super_over_ties/)
    expect(r.stdout).toContain('FIGURE')
  })

  it('measures ODIs against odi-2015 and the other sports against their own targets', async () => {
    const odi = (await cli('sim', 'stats', '--format', 'ODI', '--matches', '3', '--json')).json()
    expect(odi.stats).toMatchObject({ format: 'ODI', profile: 'odi-2015' })
    const share = (odi.stats.figures as Row[]).find((f) => f.key === 'boundary_share')
    expect(share?.target?.value).toBe(0.531)
    const f1 = await cli('sim', 'stats', '--sport', 'f1', '--matches', '3', '--json')
    expect(f1.code).toBe(0)
    expect((f1.json().stats.figures as Row[]).map((f) => f.key)).toContain('retirements')
    const football = await cli(
      'sim',
      'stats',
      '--sport',
      'football',
      '--league',
      'serie-a',
      '--matches',
      '230',
      '--json',
    )
    expect(football.code).toBe(0)
    expect(football.json().stats).toMatchObject({ sport: 'football', profile: 'serie-a' })
    // Matches are measured 100 at a time: every match counts once.
    const goals = (football.json().stats.figures as Row[]).find((f) => f.key === 'goals')
    expect(goals?.n).toBe(230)
  })

  it('refuses bad flags with exit 2 and the valid values', async () => {
    exits(
      await cli('sim', 'stats', '--sport', 'tennis'),
      2,
      'expected one of cricket, f1, football, got "tennis"',
    )
    exits(await cli('sim', 'stats', '--format', 'Test'), 2, 'expected one of T20, ODI, got "Test"')
    exits(
      await cli('sim', 'stats', '--format', 'T20', '--era', 'odi-2015'),
      2,
      '--era (T20): expected one of t20-2008, t20-2024, got "odi-2015"',
    )
    exits(await cli('sim', 'stats', '--matches', '0'), 2, '--matches: must be at least 1')
    exits(await cli('sim', 'stats', '--matches', 'lots'), 2, '--matches: expected a number of matches')
    exits(await cli('sim', 'stats', '--sport', 'f1', '--era', 't20-2008'), 2, '--era is for cricket only')
    exits(
      await cli('sim', 'stats', '--sport', 'football', '--league', 'mls'),
      2,
      'expected one of premier-league',
    )
    const json = await cli('sim', 'stats', '--sport', 'tennis', '--json')
    expect(json.code).toBe(2)
    expect(json.json()).toMatchObject({ code: 'USAGE' })
  })
})

describe('fanspole sim export', () => {
  it('writes each simulated match as Cricsheet JSON named by its number', async () => {
    const out = path.join(files.dir, 't20')
    const r = await cli(
      'sim',
      'export',
      '--format',
      'T20',
      '--matches',
      '3',
      '--seed',
      '9',
      '--out',
      out,
      '--json',
    )
    expect(r.code).toBe(0)
    expect(r.json().export).toMatchObject({ format: 'T20', era: 't20-2008', seed: 9, matches: 3 })
    expect(fs.readdirSync(out).sort()).toEqual(['1.json', '2.json', '3.json'])
    for (const name of ['1.json', '2.json', '3.json']) {
      const file = CricsheetMatch.parse(JSON.parse(fs.readFileSync(path.join(out, name), 'utf8')))
      expect(file.info.match_type).toBe('T20')
      expect(file.info.team_type).toBe('club')
      expect(file.innings.length).toBeGreaterThanOrEqual(2)
      const [first, second] = inningsTotals(file) as [number, number]
      const outcome = file.info.outcome
      if (first > second)
        expect(outcome).toMatchObject({ winner: file.innings[0]?.team, by: { runs: first - second } })
      if (second > first) expect(outcome).toMatchObject({ winner: file.innings[1]?.team })
    }
    // The same seed writes the same files.
    const again = path.join(files.dir, 't20-again')
    await cli('sim', 'export', '--matches', '3', '--seed', '9', '--out', again)
    expect(fs.readFileSync(path.join(again, '2.json'), 'utf8')).toBe(
      fs.readFileSync(path.join(out, '2.json'), 'utf8'),
    )
  })

  it('writes ODIs between nations with the era in the event name, and says where', async () => {
    const out = path.join(files.dir, 'odi')
    const r = await cli('sim', 'export', '--era', 'odi-2015', '--matches', '1', '--out', out)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`Wrote 1 ODI match(es) (odi-2015, seed 42) as Cricsheet JSON to ${out}`)
    const file = CricsheetMatch.parse(JSON.parse(fs.readFileSync(path.join(out, '1.json'), 'utf8')))
    expect(file.info).toMatchObject({ match_type: 'ODI', overs: 50, team_type: 'international' })
    expect(file.info.event?.name).toContain('odi-2015')
  })

  it('refuses a missing --out, an --out that is a file and a bad format (exit 2)', async () => {
    expect((await cli('sim', 'export', '--matches', '1')).code).toBe(2)
    const plain = path.join(files.dir, 'plain.txt')
    fs.writeFileSync(plain, 'x')
    exits(await cli('sim', 'export', '--out', plain), 2, 'exists and is not a directory')
    exits(await cli('sim', 'export', '--format', 'Test', '--out', files.dir), 2, 'expected one of T20, ODI')
  })

  it('creates missing directories level by level, and ends at once on one that cannot be made', async () => {
    const nested = path.join(files.dir, 'a', 'b')
    expect((await cli('sim', 'export', '--matches', '1', '--out', nested)).code).toBe(0)
    expect(fs.readdirSync(nested)).toEqual(['1.json'])
    // Node's recursive mkdir never returns under /proc; a plain one fails at once.
    exits(await cli('sim', 'export', '--matches', '1', '--out', '/proc/fanspole-nope/x'), 1, 'Cannot create')
  })
})
