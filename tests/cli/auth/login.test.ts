import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashSecret } from '../../../server/lib/secrets'
import { makeUser } from '../../helpers/deps'
import { type CliWorld, cliWorld, exits, readCredentials, runCli } from '../helpers'

let world: CliWorld
beforeEach(async () => {
  world = await cliWorld()
})
afterEach(() => world.close())

const apiMe = (token: string) =>
  fetch(`${world.server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)

describe('fanspole login', () => {
  it('signs in and stores the token pair for this server in a 0600 file', async () => {
    const player = await makeUser(world.server.deps)
    const r = await runCli(
      ['login', '--email', player.email, '--password', player.password, '--json'],
      world.env,
    )
    expect(r.code).toBe(0)
    expect(r.json()).toEqual({
      server: world.server.url,
      email: player.email,
      username: player.username,
      role: 'player',
      credentials: path.join(world.home, 'credentials.json'),
    })
    const file = path.join(world.home, 'credentials.json')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const session = readCredentials(world.home).servers[world.server.url]
    expect(session).toMatchObject({ email: player.email, role: 'player' })
    expect(await apiMe(session.access_token)).toBe(200)
  })

  it('prints who signed in', async () => {
    const player = await makeUser(world.server.deps)
    const r = await runCli(['login', '--email', player.email, '--password', player.password], world.env)
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      `Signed in to ${world.server.url} as ${player.username} <${player.email}> (player)\n`,
    )
  })

  it('refuses a wrong password with the server’s message and stores nothing', async () => {
    const player = await makeUser(world.server.deps)
    const r = await runCli(['login', '--email', player.email, '--password', 'not-the-password'], world.env)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error: 401 invalid_grant: \S/)
    expect(r.stdout).toBe('')
    expect(fs.existsSync(path.join(world.home, 'credentials.json'))).toBe(false)
  })

  it('signs in as the configured admin with --admin', async () => {
    const r = await runCli(['login', '--admin', '--json'], world.env)
    expect(r.code).toBe(0)
    expect(r.json()).toMatchObject({ email: world.admin.email, role: 'admin' })
  })
})

describe('stored sessions', () => {
  it('refreshes on a 401 and stores the rotated pair', async () => {
    expect((await runCli(['login', '--admin'], world.env)).code).toBe(0)
    const file = path.join(world.home, 'credentials.json')
    const before = readCredentials(world.home)
    const old = before.servers[world.server.url]
    old.access_token = 'expired-or-unknown'
    fs.writeFileSync(file, JSON.stringify(before))

    const r = await runCli(['clock', '--json'], world.env)
    expect(r.code).toBe(0)
    const after = readCredentials(world.home).servers[world.server.url]
    expect(after.refresh_token).not.toBe(old.refresh_token)
    expect(await apiMe(after.access_token)).toBe(200)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    // The old refresh token was rotated (a fresh sign-in would have left it unused), and the
    // stored pair is its successor.
    const tokens = world.server.deps.db.selectFrom('oauth_refresh_tokens').selectAll()
    const spent = await tokens
      .where('token_hash', '=', hashSecret(old.refresh_token))
      .executeTakeFirstOrThrow()
    expect(spent.used_at_ms).not.toBeNull()
    const next = await tokens
      .where('token_hash', '=', hashSecret(after.refresh_token))
      .executeTakeFirstOrThrow()
    expect(next.parent_id).toBe(spent.id)
  })

  it('signs in as the configured admin when no session is stored, and says so once', async () => {
    const r = await runCli(['clock', '--json'], world.env)
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(
      `note: signed in to ${world.server.url} as the default admin ${world.admin.email} (FANSPOLE_ADMIN_EMAIL); to act as someone else: fanspole login\n`,
    )
    expect(() => r.json()).not.toThrow()
    // The session is stored now: the next admin command uses it without a word.
    expect((await runCli(['clock', '--json'], world.env)).stderr).toBe('')
    expect(readCredentials(world.home).servers[world.server.url]).toMatchObject({
      email: world.admin.email,
      role: 'admin',
    })
  })

  it('says so when the configured admin cannot sign in', async () => {
    const r = await runCli(['clock'], { ...world.env, FANSPOLE_ADMIN_PASSWORD: 'wrong-password' })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      `error: ${world.server.url} refused FANSPOLE_ADMIN_PASSWORD for the admin ${world.admin.email}\n`,
    )
    expect(r.stderr).toContain(
      `sign in once: fanspole login --email ${world.admin.email} --server ${world.server.url}`,
    )
  })

  it('without FANSPOLE_ADMIN_PASSWORD, says the README password was refused and what works instead', async () => {
    const { FANSPOLE_ADMIN_PASSWORD: _unset, ...env } = world.env
    const r = await runCli(['clock', '--json'], env)
    expect(r.code).toBe(1)
    expect(r.json()).toMatchObject({ code: 'NOT_SIGNED_IN', status: null })
    expect(r.stderr).toContain(
      `error: ${world.server.url} refused the README's password for the admin ${world.admin.email}: a server on a network (or one whose admin changed it) has a password of its own, printed when it started\n`,
    )
    expect(r.stderr).toContain(
      `Sign in once with it: fanspole login --email ${world.admin.email} --server ${world.server.url} (the session is kept), or set FANSPOLE_ADMIN_PASSWORD=<it> for every command\n`,
    )
  })

  it('answers 403 to a player calling an admin command', async () => {
    const player = await makeUser(world.server.deps)
    await runCli(['login', '--email', player.email, '--password', player.password], world.env)
    const r = await runCli(['users', 'list'], world.env)
    exits(r, 1, 'error: 403 FORBIDDEN: Only an admin can do that')
    expect(r.stderr).toContain(
      `as ${player.email} (player); admin commands need an admin: fanspole login --admin`,
    )
    expect(r.stdout).toBe('')
  })
})

describe('fanspole logout', () => {
  it('revokes the session on the server and forgets it', async () => {
    await runCli(['login', '--admin'], world.env)
    const session = readCredentials(world.home).servers[world.server.url]
    const r = await runCli(['logout', '--json'], world.env)
    expect(r.code).toBe(0)
    expect(r.json()).toEqual({ server: world.server.url, signed_out: true, revoked: true })
    expect(readCredentials(world.home).servers[world.server.url]).toBeUndefined()
    expect(await apiMe(session.access_token)).toBe(401)
  })

  it('has nothing to do when not signed in', async () => {
    const r = await runCli(['logout'], world.env)
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(`Not signed in to ${world.server.url}; nothing to do\n`)
  })
})
