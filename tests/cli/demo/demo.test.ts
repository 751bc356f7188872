import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { openDatabase } from '../../../server/db/dialect'
import { exits, runCli, tempDir } from '../helpers'

const root = path.resolve(import.meta.dirname, '..', '..', '..')
const bin = path.join(root, 'cli', 'bin', 'fanspole.mjs')
// Fast enough that the auction's waiting room (20 game minutes) opens in eight seconds.
const SPEED = '150'
const SEED = '7'
const tmp = tempDir('fanspole-demo-')
afterAll(() => tmp.remove())

interface DemoRun {
  proc: ChildProcess
  url: string
  startedAt: number
  stdout(): string
  exited: Promise<number | null>
}

const running: ChildProcess[] = []
afterEach(() => {
  for (const proc of running.splice(0)) if (proc.exitCode === null) proc.kill('SIGKILL')
})

/** Spawns the real executable and waits for the banner's web address. */
async function startDemo(dir: string): Promise<DemoRun> {
  const startedAt = Date.now()
  const proc = spawn(
    process.execPath,
    [bin, 'demo', '--data', dir, '--port', '0', '--no-web', '--speed', SPEED, '--seed', SEED],
    { cwd: root, env: { ...process.env, FANSPOLE_HOME: dir, DATABASE_URL: '', NO_COLOR: '1' } },
  )
  running.push(proc)
  let stdout = ''
  let stderr = ''
  proc.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout?.on('data', (chunk) => {
      stdout += chunk
      const found = /Web\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)
      if (found?.[1]) resolve(found[1])
    })
    exited.then((code) => reject(new Error(`demo exited with ${code}: ${stderr}`)))
  })
  return { proc, url, startedAt, stdout: () => stdout, exited }
}

async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fanspole-client': 'cli' },
    body: JSON.stringify({
      grant_type: 'password',
      email: 'admin@fanspole.local',
      password: 'admin-pass-2026',
    }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

/**
 * The demo player joins auction 1 with the code the banner printed, in its waiting room, and
 * the demo approves them: they are a manager of the auction when it opens (the start declines
 * whoever is still pending). Both runs of a seed do it, so that they stay comparable.
 */
async function joinTheAuction(run: DemoRun): Promise<string> {
  const code = /auction 1 \(code (\w+)\)/.exec(run.stdout())?.[1]
  expect(code).toBeTruthy()
  const res = await fetch(`${run.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-fanspole-client': 'cli' },
    body: JSON.stringify({
      grant_type: 'password',
      email: 'demo@fanspole.local',
      password: 'demo-pass-2026',
    }),
  })
  const { access_token } = (await res.json()) as { access_token: string }
  const joined = await fetch(`${run.url}/api/auctions/1/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ code, franchise_name: 'Visitors XI', color: 'teal' }),
  })
  expect(joined.status).toBe(201)
  const { manager } = (await joined.json()) as { manager: { status: string; user: { username: string } } }
  expect(manager.status).toBe('pending')
  return manager.user.username
}

/** Polls `read` until it answers something truthy; the demo's own pace bounds the wait. */
async function until<T>(what: string, read: () => Promise<T | undefined | null | false>, ms = 40_000) {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** What one seed must reproduce: the first fixture's bot teams and the auction's first bids. */
function fingerprint(file: string) {
  const db = new Database(file, { readonly: true })
  try {
    const teams = db
      .prepare(
        `select u.username, t.player_ids, t.captain_id, t.vice_captain_id from user_teams t
         join users u on u.id = t.user_id where u.email like '%@bots.fanspole.local'
         and t.match_id = (select min(match_id) from user_teams t2 join users u2 on u2.id = t2.user_id
                           where u2.email like '%@bots.fanspole.local')
         order by u.username`,
      )
      .all()
    const bids = (
      db
        .prepare(`select payload from auction_events where type = 'bid' order by seq limit 10`)
        .all() as Array<{
        payload: string
      }>
    ).map((row) => {
      const bid = JSON.parse(row.payload) as Record<string, number>
      return [bid.seq, bid.playerId, bid.managerId, bid.amount]
    })
    return { teams, bids }
  } finally {
    db.close()
  }
}

const firstDir = path.join(tmp.dir, 'first')

describe('fanspole demo', () => {
  it('shows a living league within 30 s and leaves it paused and consistent on Ctrl-C', async () => {
    const run = await startDemo(firstDir)
    const token = await adminToken(run.url)
    const get = async <T>(p: string) =>
      (await fetch(`${run.url}${p}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<T>
    const visitor = await joinTheAuction(run)

    // A demo match is live, its contests filled by bots that joined through the players' services.
    const live = await until('a live match', async () => {
      const { matches } = await get<{ matches: Array<{ id: number; match_stage: string }> }>(
        '/api/matches?status=live&sport_slug=cricket&per_page=50',
      )
      return matches.find((m) => m.match_stage === 'Fixture')
    })
    expect(Date.now() - run.startedAt).toBeLessThan(30_000)
    const { contests } = await get<{ contests: Array<{ id: number; kind: string; members_count: number }> }>(
      `/api/matches/${live.id}/contests`,
    )
    const guaranteed = contests.find((c) => c.kind === 'guaranteed')
    expect(guaranteed?.members_count).toBeGreaterThanOrEqual(8)
    const { members } = await get<{ members: Array<{ user: { username: string } }> }>(
      `/api/contests/${guaranteed?.id}/members`,
    )
    expect(members.every((m) => m.user.username.startsWith('bot-c'))).toBe(true)

    const clock = await get<{ speed: number; paused: boolean }>('/api/admin/clock')
    expect(clock).toMatchObject({ speed: 150, paused: false })

    // The auction opens on the game clock and its bots bid (its seq counts every event).
    await until('auction bids', async () => {
      const { new_auction } = await get<{ new_auction: { seq: number } }>('/api/auctions/1')
      return new_auction.seq > 30
    })
    // The person who joined with the code was approved, kept at the start, and shown.
    const { managers } = await get<{
      managers: Array<{ status: string; is_bot: boolean; user: { username: string } }>
    }>('/api/auctions/1/managers')
    expect(managers.find((m) => m.user.username === visitor)).toMatchObject({
      status: 'approved',
      is_bot: false,
    })
    await until('the visitor on screen', async () => run.stdout().includes(`people: ${visitor} in`), 15_000)

    run.proc.kill('SIGINT')
    expect(await run.exited).toBe(0)
    expect(run.stdout()).toContain('Stopped. Left behind:')
    expect(run.stdout()).toMatch(/clock paused at .*, speed 1×/)

    const file = path.join(firstDir, 'demo.sqlite')
    const handle = openDatabase({ file })
    try {
      const anchor = await handle.db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'clock')
        .executeTakeFirstOrThrow()
      expect(JSON.parse(anchor.value)).toMatchObject({ speed: 1, paused: true })
      // No half-settled match: every contest of a completed match is settled or cancelled.
      const halfSettled = await handle.db
        .selectFrom('contests as c')
        .innerJoin('matches as m', 'm.id', 'c.match_id')
        .select('c.id')
        .where('m.status', '=', 'completed')
        .where('c.status', '=', 'locked')
        .execute()
      expect(halfSettled).toEqual([])
      expect((await verifyLedger(handle.db)).problems).toEqual([])
      const chat = await handle.db
        .selectFrom('group_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('identifier_key', 'like', 'demo-%')
        .executeTakeFirstOrThrow()
      expect(Number(chat.n)).toBeGreaterThan(0)
    } finally {
      await handle.close()
    }
  }, 90_000)

  it('plays the same demo for the same seed: the same bot teams and the same first bids', async () => {
    const first = fingerprint(path.join(firstDir, 'demo.sqlite'))
    expect(first.teams.length).toBeGreaterThan(10)
    expect(first.bids.length).toBe(10)
    const dir = path.join(tmp.dir, 'second')
    const run = await startDemo(dir)
    const token = await adminToken(run.url)
    await joinTheAuction(run)
    await until('ten bids', async () => {
      const res = await fetch(`${run.url}/api/auctions/1`, { headers: { authorization: `Bearer ${token}` } })
      const { new_auction } = (await res.json()) as { new_auction: { seq: number } }
      return new_auction.seq > 30
    })
    // A hang-up (the terminal closed) winds the demo down as Ctrl-C does: the clock put back.
    run.proc.kill('SIGHUP')
    expect(await run.exited).toBe(0)
    expect(run.stdout()).toMatch(/clock paused at .*, speed 1×/)
    expect(fingerprint(path.join(dir, 'demo.sqlite'))).toEqual(first)
  }, 90_000)

  it('a second demo on the same folder refuses before writing, naming the first, and leaves its league alone', async () => {
    const dir = path.join(tmp.dir, 'twice')
    const run = await startDemo(dir)
    const file = path.join(dir, 'demo.sqlite')
    const before = fs.statSync(file)
    const token = await adminToken(run.url)
    const second = await runCli(['demo', '--data', dir, '--port', '0', '--no-web', '--seed', SEED])
    expect(second.code).toBe(1)
    expect(second.stderr).toMatch(
      new RegExp(
        `error: .*demo\\.sqlite is in use by \`fanspole demo\` \\(pid ${run.proc.pid}, since \\d\\d:\\d\\d\\)`,
      ),
    )
    expect(second.stderr).toContain('Stop it first (Ctrl-C where it runs), or use --data with another folder')
    // The same file (not deleted and made anew), and the first demo still serves its league.
    expect(fs.statSync(file).ino).toBe(before.ino)
    const me = await fetch(`${run.url}/api/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(me.status).toBe(200)
    run.proc.kill('SIGINT')
    expect(await run.exited).toBe(0)
    expect(fs.existsSync(`${file}.lock`)).toBe(false)
  }, 90_000)

  it('a demo whose port is taken stops before touching the folder’s last league', async () => {
    const dir = path.join(tmp.dir, 'busy-port')
    fs.mkdirSync(dir, { recursive: true })
    const file = path.join(dir, 'demo.sqlite')
    fs.writeFileSync(file, 'the league of last week')
    const busy = net.createServer()
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    const port = (busy.address() as net.AddressInfo).port
    try {
      const r = await runCli(['demo', '--data', dir, '--port', String(port), '--no-web'])
      exits(r, 1, `error: Port ${port} is already in use; nothing was changed`)
      expect(fs.readFileSync(file, 'utf8')).toBe('the league of last week')
      expect(fs.existsSync(`${file}.lock`)).toBe(false)
    } finally {
      busy.close()
    }
  })
})
