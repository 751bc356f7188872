import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { client } from '../../helpers/http'
import { seedLeague } from '../../helpers/league'
import { type CliWorld, cliWorld, exits, runCli, tempDir } from '../helpers'

/** `fanspole class report` (docs/classroom.md, "Gradebook"). */
let world: CliWorld
let tmp: ReturnType<typeof tempDir>
beforeEach(async () => {
  world = await cliWorld()
  tmp = tempDir()
  await seedLeague(world.server.deps)
})
afterEach(async () => {
  tmp.remove()
  await world.close()
})

/** A class of three; the first named with a comma and quotes, and signed in twice. */
async function aClass(): Promise<number> {
  const names = path.join(tmp.dir, 'names.csv')
  fs.writeFileSync(names, 'username,name\nasha_k,"Asha, ""Ace"" K."\n')
  const r = await runCli(['class', 'create', '--csv', names, '--students', '3', '--json'], world.env)
  expect(r.code, r.stderr).toBe(0)
  const { classroom, students } = r.json()
  const api = client(world.server.deps)
  await api.login(students[0].username, students[0].password)
  await api.login(students[0].username, students[0].password)
  return classroom.id as number
}

describe('fanspole class report', () => {
  it('prints the gradebook as a table: the rule, then a student a row', async () => {
    const id = await aClass()
    const r = await runCli(['class', 'report', String(id)], world.env)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^Rule: participation contests:40,bids:30,posts:30; result by points$/m)
    expect(r.stdout).toMatch(/^USERNAME +SIGN-INS +CONTESTS .* PART\. +RESULT$/m)
    expect(r.stdout).toMatch(/^asha_k +2 +0 /m)
    expect(r.stdout.match(/^class\d+_s0\d /gm)).toHaveLength(2)
  })

  it('writes CSV with the name quoted, to stdout or --out, and --json prints the API’s answer', async () => {
    const id = await aClass()
    const r = await runCli(['class', 'report', String(id), '--csv'], world.env)
    expect(r.code, r.stderr).toBe(0)
    const lines = r.stdout.split('\r\n')
    expect(lines[0]).toMatch(
      /^username,full_name,sign_ins,contests,best_rank,.*,participation_grade,result_grade$/,
    )
    expect(lines[1]).toBe('asha_k,"Asha, ""Ace"" K.",2,0,,,,,0,0,0,10000,0,0,0,0,')
    expect(lines).toHaveLength(5) // header, three students, the empty rest after the last CRLF
    const out = path.join(tmp.dir, 'grades.csv')
    const w = await runCli(['class', 'report', String(id), '--csv', '--out', out], world.env)
    expect(w.code, w.stderr).toBe(0)
    expect(fs.readFileSync(out, 'utf8')).toBe(r.stdout)
    const j = await runCli(['class', 'report', String(id), '--json', '--result', 'rank'], world.env)
    expect(j.code, j.stderr).toBe(0)
    expect(j.json().rule).toMatchObject({ result: 'rank', drop_lowest: 0 })
    expect(j.json().students[0]).toMatchObject({
      username: 'asha_k',
      full_name: 'Asha, "Ace" K.',
      sign_ins: 2,
    })
  })

  it('writes a self-contained HTML page with the names escaped', async () => {
    const id = await aClass()
    const out = path.join(tmp.dir, 'grades.html')
    const r = await runCli(['class', 'report', String(id), '--html', '--out', out], world.env)
    expect(r.code, r.stderr).toBe(0)
    const html = fs.readFileSync(out, 'utf8')
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('<td>Asha, &#34;Ace&#34; K.</td>')
  })

  it.each([
    [['--participation', 'contests:40,bids:30'], '--participation: the weights add up to 70, not 100'],
    [['--participation', 'grade:100'], '--participation: "grade:100" is not metric:weight'],
    [['--result', 'median'], '--result: '],
    [['--drop-lowest', 'two'], '--drop-lowest: '],
    [['--csv', '--html'], 'give one of --csv, --html, --json'],
  ])('refuses %j with exit 2, listing the valid forms of a rule', async (flags, message) => {
    const id = await aClass()
    const r = await runCli(['class', 'report', String(id), ...flags], world.env)
    exits(r, 2, message)
    if (!flags.includes('--html')) expect(r.stderr).toContain('--result: rank or points')
  })

  it('says a class that does not exist is not found (exit 1)', async () => {
    const r = await runCli(['class', 'report', '999'], world.env)
    exits(r, 1, '404 NOT_FOUND: Class not found')
  })
})
