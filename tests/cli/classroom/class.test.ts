import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { rowCount } from '../../helpers/db'
import { makeUser } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { seedLeague } from '../../helpers/league'
import { type CliWorld, cliWorld, exits, playerHomes, runCli, tempDir } from '../helpers'

/** `fanspole class create`, `auction approve --all` and `--as` (docs/classroom.md). */
let world: CliWorld
let tmp: ReturnType<typeof tempDir>
beforeEach(async () => {
  world = await cliWorld()
  tmp = tempDir()
  const deps = world.server.deps
  await seedLeague(deps)
})
afterEach(async () => {
  tmp.remove()
  await world.close()
})

const db = () => world.server.deps.db
const signedInHome = playerHomes()
const userCount = () => rowCount(db(), 'users')
const classCount = () => rowCount(db(), 'classrooms')

function csv(name: string, text: string): string {
  const file = path.join(tmp.dir, name)
  fs.writeFileSync(file, text)
  return file
}

describe('fanspole class create', () => {
  it('creates the students and prints working credentials, the group, the auction and the contest', async () => {
    const r = await runCli(['class', 'create', '--students', '5', '--name', 'Stats 101'], world.env)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^Created Stats 101 \(class \d+\): 5 students$/m)
    expect(r.stdout).toMatch(/^USERNAME +PASSWORD +NAME +EMAIL/m)
    const rows = [...r.stdout.matchAll(/^(class\d+_s\d\d) +([a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}) /gm)]
    expect(rows).toHaveLength(5)
    // The printed password signs the student in.
    const [, username, password] = rows[4] as RegExpMatchArray
    const token = await client(world.server.deps).login(username as string, password as string)
    expect(token.access_token).toBeTruthy()
    expect(r.stdout).toMatch(
      /^Auction +#\d+ "Stats 101 auction", code \w+: 5 students approved = 5 franchises$/m,
    )
    expect(r.stdout).toMatch(/^Contest +"Stats 101 contest" on .+, code \w+ \(free, private\)$/m)
    // Where the instructor projects the auction and reads the gradebook, on the server's address.
    const ids = /class (\d+)\): 5 students/.exec(r.stdout)?.[1]
    const auction = /^Auction +#(\d+)/m.exec(r.stdout)?.[1]
    expect(r.stdout).toContain(`/auctions/${auction}/board (join by QR`)
    expect(r.stdout).toMatch(
      new RegExp(`^Gradebook +http://\\S+/classes/${ids}/report or fanspole class report ${ids} --csv$`, 'm'),
    )
  })

  it('makes a class that bids over days with the auction create flags, and refuses a bad window (exit 2)', async () => {
    const r = await runCli(
      [
        'class',
        'create',
        '--students',
        '2',
        '--lot-timer',
        '6h',
        '--quiet-hours',
        '22:00-08:00',
        '--time-zone',
        'Asia/Kolkata',
        '--stand-in',
      ],
      world.env,
    )
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(
      /^Over days +lots of 6 h, quiet 22:00–08:00 \(Asia\/Kolkata\), bots stand in for absent students$/m,
    )
    const auction = await db()
      .selectFrom('auctions')
      .select(['lot_seconds', 'quiet_hours', 'stand_in'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(auction).toMatchObject({ lot_seconds: 21_600, stand_in: 1 })
    expect(JSON.parse(auction.quiet_hours as string)).toEqual({
      from: '22:00',
      to: '08:00',
      time_zone: 'Asia/Kolkata',
    })
    const bad = await runCli(['class', 'create', '--students', '2', '--quiet-hours', '22-08'], world.env)
    exits(bad, 2, '--quiet-hours: expected HH:MM-HH:MM')
    const both = await runCli(
      ['class', 'create', '--students', '2', '--lot-seconds', '30', '--lot-timer', '6h'],
      world.env,
    )
    exits(both, 2, 'give --lot-seconds or --lot-timer, not both')
    expect(await classCount()).toBe(1)
  })

  it('tops a class of three up with one bot, and says "1 bot"', async () => {
    const r = await runCli(['class', 'create', '--students', '3'], world.env)
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/: 3 students approved \+ 1 bot = 4 franchises$/m)
  })

  it('prints one JSON document with --json and writes the cards with --html', async () => {
    const sheet = path.join(tmp.dir, 'cards.html')
    const r = await runCli(
      [
        'class',
        'create',
        '--students',
        '2',
        '--seats',
        '5',
        '--lot-seconds',
        '45',
        '--json',
        '--html',
        sheet,
      ],
      world.env,
    )
    expect(r.code, r.stderr).toBe(0)
    const body = r.json()
    expect(body.students).toHaveLength(2)
    expect(body.auction).toMatchObject({ seats: 5, students: 2, bots: 3 })
    const lots = await db()
      .selectFrom('auctions')
      .select('lot_seconds')
      .where('id', '=', body.auction.id)
      .executeTakeFirstOrThrow()
    expect(lots.lot_seconds).toBe(45)
    expect(body.html).toBe(sheet)
    // The address the CLI reached the server at (no FANSPOLE_PUBLIC_URL here).
    expect(body.sign_in_url).toBe(`${world.server.url}/`)
    const html = fs.readFileSync(sheet, 'utf8')
    for (const s of body.students) {
      expect(html).toContain(`<code>${s.username}</code>`)
      expect(html).toContain(`<code>${s.password}</code>`)
    }
    expect(html).toContain(`${world.server.url}/`)
  })

  it('takes named students from a CSV (quoted fields, a name column), generating the rest', async () => {
    const file = csv(
      'names.csv',
      'username,name,email\nasha_k,"Asha, K.",asha@school.test\r\nravi_m,Ravi M,\n\n',
    )
    const r = await runCli(['class', 'create', '--csv', file, '--students', '3', '--json'], world.env)
    expect(r.code, r.stderr).toBe(0)
    const students = r.json().students
    expect(students.map((s: { username: string }) => s.username)).toEqual([
      'asha_k',
      'ravi_m',
      expect.stringMatching(/^class\d+_s03$/),
    ])
    expect(students[0]).toMatchObject({ full_name: 'Asha, K.', email: 'asha@school.test' })
  })

  it.each([
    ['0', '--students: must be from 1–40'],
    ['41', '--students: must be from 1–40'],
    ['thirty', '--students: expected a number of students from 1–40, got "thirty"'],
  ])('refuses --students %s with exit 2 and the range, creating nothing', async (n, message) => {
    const before = await userCount()
    const r = await runCli(['class', 'create', '--students', n], world.env)
    exits(r, 2, message)
    expect(await userCount()).toBe(before)
    expect(await classCount()).toBe(0)
  })

  it('refuses no --students and no --csv, and fewer --students than the CSV names (exit 2)', async () => {
    expect((await runCli(['class', 'create'], world.env)).code).toBe(2)
    const file = csv('names.csv', 'username\nasha_k\nravi_m\n')
    const r = await runCli(['class', 'create', '--csv', file, '--students', '1'], world.env)
    exits(r, 2, `--students 1, but ${file} names 2 students`)
    const seats = await runCli(['class', 'create', '--students', '3', '--seats', '2'], world.env)
    exits(seats, 2, '--seats: must be at least the number of students (3) and at least 2')
    const lots = await runCli(['class', 'create', '--students', '3', '--lot-seconds', '300'], world.env)
    exits(lots, 2, '--lot-seconds')
    expect(lots.stderr).toContain('expected seconds from 5 to 120')
    expect(await classCount()).toBe(0)
  })

  it('refuses a CSV with a duplicate row with exit 1, naming the line, creating nothing', async () => {
    const before = await userCount()
    const file = csv('names.csv', 'username,full_name\nasha_k,Asha\nravi_m,Ravi\nAsha_K,Asha again\n')
    const r = await runCli(['class', 'create', '--csv', file], world.env)
    exits(r, 1, 'line 4: username Asha_K is a duplicate of line 2')
    expect(r.stderr).toContain('nothing was created')
    expect(await userCount()).toBe(before)
    expect(await classCount()).toBe(0)
  })

  it('refuses a CSV with an invalid row with exit 1, naming the line, creating nothing', async () => {
    const before = await userCount()
    const file = csv(
      'names.csv',
      'username,email\nasha_k,asha@school.test\n9 bad,x@y.test\nravi_m,not-an-email\n',
    )
    const r = await runCli(['class', 'create', '--csv', file, '--json'], world.env)
    exits(r, 1, 'line 3: username "9 bad" must be 3–20 letters')
    expect(r.stderr).toContain('line 4: email "not-an-email" is not an e-mail address')
    expect(r.json()).toMatchObject({ code: 'BAD_ROSTER' })
    expect(await userCount()).toBe(before)
  })

  it('tells a name the server finds taken by its CSV line, with exit 1, creating nothing', async () => {
    await makeUser(world.server.deps, { username: 'ravi_m' })
    const before = await userCount()
    const file = csv('names.csv', 'username\nasha_k\nravi_m\n')
    const r = await runCli(['class', 'create', '--csv', file], world.env)
    exits(r, 1, 'line 3 (username): has already been taken')
    expect(await userCount()).toBe(before)
    expect(await classCount()).toBe(0)
  })

  it('is for admins: a signed-in player gets 403 and nothing is created', async () => {
    const p = await makeUser(world.server.deps)
    expect((await runCli(['login', '--email', p.email, '--password', p.password], world.env)).code).toBe(0)
    const r = await runCli(['class', 'create', '--students', '3'], world.env)
    exits(r, 1, '403 FORBIDDEN')
    expect(await classCount()).toBe(0)
  })
})

describe('fanspole --as <username>', () => {
  async function aClass() {
    const r = await runCli(['class', 'create', '--students', '2', '--json'], world.env)
    expect(r.code, r.stderr).toBe(0)
    return r.json()
  }

  it('lets an admin act as a student, before or after the command', async () => {
    const c = await aClass()
    const student = c.students[1].username
    for (const args of [
      ['--as', student, 'auction', 'show', String(c.auction.id), '--json'],
      ['auction', 'show', String(c.auction.id), '--json', '--as', student],
    ]) {
      const r = await runCli(args, world.env)
      expect(r.code, r.stderr).toBe(0)
      expect(r.json().auction.current_manager).toMatchObject({
        franchise_name: `${student} XI`,
        status: 'approved',
      })
      expect(r.json().auction.is_owner).toBe(false)
    }
    // Without --as the admin is the owner: the student's token was never stored.
    const own = await runCli(['auction', 'show', String(c.auction.id), '--json'], world.env)
    expect(own.json().auction.is_owner).toBe(true)
    const audit = await db().selectFrom('admin_act_as').selectAll().execute()
    expect(audit).toHaveLength(2)
  })

  it('refuses a player using --as with 403 (exit 1), and acts as nobody', async () => {
    const c = await aClass()
    const p = await makeUser(world.server.deps)
    const { env } = await signedInHome(world.env, p)
    const r = await runCli(['--as', c.students[0].username, 'auction', 'show', String(c.auction.id)], env)
    exits(r, 1, '403 FORBIDDEN: --as')
    expect(await db().selectFrom('admin_act_as').selectAll().execute()).toHaveLength(0)
  })

  it('refuses an unknown player (exit 1), a non-username and a local command (exit 2)', async () => {
    const unknown = await runCli(['--as', 'nobody_here', 'auction', 'list'], world.env)
    exits(unknown, 1, '404 NOT_FOUND: --as nobody_here')
    const bad = await runCli(['--as', 'x', 'auction', 'list'], world.env)
    expect(bad.code).toBe(2)
    const local = await runCli(['--as', 'someone', 'db', 'migrate'], world.env)
    exits(local, 2, '--as: `db` does not act on a server as a player')
  })
})

describe('fanspole auction approve --all', () => {
  it('approves every pending manager of the owner’s auction', async () => {
    const r = await runCli(['class', 'create', '--students', '2', '--json'], world.env)
    const auction = r.json().auction
    const api = client(world.server.deps)
    for (const [i, color] of ['teal', 'lime'].entries()) {
      const p = await api.player()
      const joined = await api.post(
        `/api/auctions/${auction.id}/join`,
        { code: auction.code, franchise_name: `Late ${i}`, color },
        p.token,
      )
      expect(joined.status, JSON.stringify(joined.body)).toBe(201)
    }
    const approved = await runCli(['auction', 'approve', String(auction.id), '--all'], world.env)
    expect(approved.code, approved.stderr).toBe(0)
    expect(approved.stdout).toBe('Approved 2: Late 0, Late 1\n')
    const again = await runCli(['auction', 'approve', String(auction.id), '--all'], world.env)
    expect(again.stdout).toBe('Nobody is waiting to be approved.\n')
  })

  it('wants a manager id or --all, not neither and not both (exit 2)', async () => {
    expect((await runCli(['auction', 'approve', '3'], world.env)).code).toBe(2)
    const both = await runCli(['auction', 'approve', '3', '4', '--all'], world.env)
    exits(both, 2, 'give a manager id or --all, not both')
  })
})
