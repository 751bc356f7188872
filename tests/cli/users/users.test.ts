import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { type CliWorld, cliWorld, exits, runCli } from '../helpers'

let world: CliWorld
beforeEach(async () => {
  world = await cliWorld()
})
afterEach(() => world.close())

describe('fanspole users create / list / show', () => {
  it('creates an active account that can sign in at once', async () => {
    const r = await runCli(
      [
        'users',
        'create',
        '--email',
        'Rohit@Example.test',
        '--username',
        'rohit45',
        '--password',
        'hitman-264',
        '--json',
      ],
      world.env,
    )
    expect(r.code).toBe(0)
    expect(r.json()).toMatchObject({
      invited: false,
      user: { email: 'rohit@example.test', username: 'rohit45', role: 'player', status: 'active' },
    })
    const login = await runCli(['login', '--email', 'rohit45', '--password', 'hitman-264', '--json'], {
      ...world.env,
    })
    expect(login.code).toBe(0)
  })

  it('creates an admin with --role admin', async () => {
    const r = await runCli(
      [
        'users',
        'create',
        '--email',
        'coach@example.test',
        '--username',
        'coach',
        '--password',
        'whistle-2026',
        '--role',
        'admin',
      ],
      world.env,
    )
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Created coach <coach@example.test> (admin, active, id ')
  })

  it('lists accounts as a table and as JSON, filtered by role and text', async () => {
    await makeUser(world.server.deps, { username: 'kohli18' })
    await makeUser(world.server.deps, { username: 'dhoni07' })
    const table = await runCli(['users', 'list'], world.env)
    expect(table.code).toBe(0)
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID +USERNAME +EMAIL +ROLE +STATUS +BALANCE +COINS$/)
    expect(
      lines.some((l) => /^ *\d+ +kohli18 +kohli18@example\.test +player +active +₹0\.00 +0$/.test(l)),
    ).toBe(true)
    expect(lines.at(-1)).toBe('1–3 of 3')
    // Columns line up: every row is as wide as the header or narrower.
    const usernameAt = lines[0]?.indexOf('USERNAME')
    for (const line of lines.slice(1, -1)) expect(line.charAt((usernameAt ?? 0) - 1)).toBe(' ')

    const players = await runCli(['users', 'list', '--role', 'player', '--json'], world.env)
    expect(players.json().users.map((u: { username: string }) => u.username)).toEqual(['kohli18', 'dhoni07'])
    expect(players.json().meta).toMatchObject({ total: 2 })
    const search = await runCli(['users', 'list', '--q', 'dhoni', '--json'], world.env)
    expect(search.json().users.map((u: { username: string }) => u.username)).toEqual(['dhoni07'])
  })

  it('refuses a role that does not exist', async () => {
    const r = await runCli(['users', 'list', '--role', 'owner'], world.env)
    exits(r, 2, 'error: --role: expected player or admin')
  })

  it('shows one account by e-mail or slug', async () => {
    const u = await makeUser(world.server.deps, { username: 'Bumrah93' })
    const byEmail = await runCli(['users', 'show', u.email, '--json'], world.env)
    expect(byEmail.code).toBe(0)
    expect(byEmail.json().user).toMatchObject({
      id: u.id,
      slug: u.slug,
      username: 'Bumrah93',
      role: 'player',
    })
    const bySlug = await runCli(['users', 'show', u.slug], world.env)
    expect(bySlug.code).toBe(0)
    expect(bySlug.stdout).toMatch(/^username +Bumrah93$/m)
    expect(bySlug.stdout).toMatch(/^unused +₹0\.00$/m)
  })

  it('exits 1 for an unknown user', async () => {
    const r = await runCli(['users', 'show', 'nobody@example.test'], world.env)
    exits(r, 1, 'error: No user with the e-mail address or slug "nobody@example.test"')
  })

  it('shows the server’s field messages for a taken e-mail address', async () => {
    const u = await makeUser(world.server.deps)
    const r = await runCli(
      ['users', 'create', '--email', u.email, '--username', 'someone_new', '--password', 'long-enough-1'],
      world.env,
    )
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error: 422 VALIDATION_FAILED: /m)
    expect(r.stderr).toMatch(/^ {2}email: has already been taken$/m)
  })
})

describe('fanspole users invite and outbox', () => {
  it('invites without a password and the activation mail is in the outbox', async () => {
    const r = await runCli(
      ['users', 'invite', '--email', 'jadeja@example.test', '--username', 'sir_jadeja'],
      world.env,
    )
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Invited sir_jadeja <jadeja@example.test> (player, invited, id ')
    expect(r.stdout).toContain('fanspole outbox --to jadeja@example.test')

    const json = await runCli(['outbox', '--to', 'jadeja@example.test', '--json'], world.env)
    expect(json.code).toBe(0)
    const [mail, ...rest] = json.json().messages
    expect(rest).toEqual([])
    expect(mail).toMatchObject({
      to: 'jadeja@example.test',
      subject: 'You are invited to Fanspole',
      channel: 'email',
    })
    expect(mail.body).toMatch(/\/reset-password\/\S+\?mode=activation/)

    const text = await runCli(['outbox', '--to', 'jadeja@example.test'], world.env)
    expect(text.stdout).toMatch(/^You are invited to Fanspole\nemail to jadeja@example\.test · \d{4}-/)
    expect(text.stdout).toContain('  Hi sir_jadeja,')
  })

  it('says when the outbox has nothing for an address', async () => {
    const r = await runCli(['outbox', '--to', 'quiet@example.test'], world.env)
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('No messages to quiet@example.test\n')
  })
})
