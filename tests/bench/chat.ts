import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hashPassword } from '../../server/areas/auth/passwords'
import { issueTokenPair } from '../../server/areas/auth/tokens'
import { createGroup } from '../../server/areas/groups/service'
import { insertUser } from '../../server/areas/users/service'
import { loadConfig } from '../../server/config'
import { startServer } from '../../server/main'
import type { ChatPlan } from './chat-loader'
import type { BenchOptions } from './run'

const LOADER = fileURLToPath(new URL('./chat-loader.ts', import.meta.url))

function runLoader(plan: ChatPlan, dir: string): Promise<Record<string, number>> {
  const file = join(dir, `plan-${Date.now()}.json`)
  writeFileSync(file, JSON.stringify(plan))
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', LOADER, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (d) => {
      out += String(d)
    })
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) as string))
        : reject(new Error(`chat loader exited with ${code}`)),
    )
  })
}

/**
 * Issue 15 item 7, first load: one group of `--members` (500) all subscribed to GroupChannel,
 * messages sent over HTTP at `--rate` (50/s) for `--duration` seconds (10), members taking
 * turns (each stays far under the sending limit) → p99 from the POST to the last subscriber
 * (target ≤ 25 ms). The real server on SQLite, the loader in its own process. The second
 * load of the issue (200 groups of 10 against a bare `ws` baseline) is not written yet.
 */
export async function chatBench(options: BenchOptions): Promise<Record<string, unknown>> {
  const members = Number(options.members ?? 500)
  const rate = Number(options.rate ?? 50)
  const durationMs = Number(options.duration ?? 10) * 1000
  const dir = mkdtempSync(join(tmpdir(), 'fanspole-chat-bench-'))
  try {
    const server = await startServer(
      loadConfig({ port: 0, dbFile: join(dir, 'chat.sqlite'), logLevel: 'silent', autoSimulate: false }, {}),
      { seedIfEmpty: false },
    )
    const { deps } = server
    const passwordHash = await hashPassword('bench-password-1')
    const now = deps.clock.now()
    const users: Array<{ id: number; slug: string; token: string }> = []
    for (let i = 0; i < members; i++) {
      const u = await insertUser(deps.db, {
        email: `chat${i}@bench.test`,
        username: `chat${i}`,
        passwordHash,
        emailVerified: true,
        nowMs: now,
      })
      const pair = await issueTokenPair(deps.db, { userId: u.id, clientId: 'web' }, deps.config, Date.now())
      users.push({ id: u.id, slug: u.slug, token: pair.access_token })
    }
    const [owner, ...rest] = users
    if (!owner) throw new Error('no members')
    const uuid = await createGroup(deps, owner.id, {
      name: 'Bench group',
      member_slugs: rest.map((u) => u.slug),
    })
    // `--muted`: every member has the group muted (no notifications), to see what they cost.
    if (options.muted) await deps.db.updateTable('group_members').set({ is_muted: 1 }).execute()
    const measured = await runLoader(
      { url: server.url, uuid, tokens: users.map((u) => u.token), messagesPerSecond: rate, durationMs },
      dir,
    )
    await server.close()
    const line = { load: 'one_big_group', members, target_p99_ms: 25, ...measured }
    console.log(JSON.stringify(line))
    return { one_big_group: line }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
