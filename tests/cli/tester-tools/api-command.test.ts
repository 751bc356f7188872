import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fieldsBody, fieldsQuery, keyPath, pickPath, typedValue } from '../../../cli/lib/api-fields'
import { cliApiWorld, exits, ok, tempDir } from '../helpers'

// `fanspole api METHOD PATH` (docs/tester-tools.md "fanspole api"), against a real server.

const ctx = cliApiWorld()
const { cli } = ctx
const files = tempDir()
afterAll(() => files.remove())

describe('--field and --raw-field', () => {
  const f = (text: string) => ({ text, raw: false })
  const raw = (text: string) => ({ text, raw: true })

  it('types values: numbers, true/false/null, @file; raw fields stay strings', () => {
    const file = path.join(files.dir, 'note.txt')
    fs.writeFileSync(file, 'from a file')
    expect(typedValue('12')).toBe(12)
    expect(typedValue('-4.5')).toBe(-4.5)
    expect(typedValue('007')).toBe('007')
    expect(typedValue('true')).toBe(true)
    expect(typedValue('null')).toBe(null)
    expect(typedValue(`@${file}`)).toBe('from a file')
    expect(fieldsBody([f('n=12'), raw('m=12'), f('ok=false')])).toEqual({ n: 12, m: '12', ok: false })
  })

  it('nests a[b]=1, a.b=1 and appends a[]=…', () => {
    expect(keyPath('a[b][]')).toEqual(['a', 'b', ''])
    expect(keyPath('a.b')).toEqual(['a', 'b'])
    expect(fieldsBody([f('a[b]=1'), f('a.c=x'), f('l[]=1'), raw('l[]=2')])).toEqual({
      a: { b: 1, c: 'x' },
      l: [1, '2'],
    })
    expect(() => fieldsBody([f('a=1'), f('a[]=2')])).toThrow(/a\[\] nests under a, which has a value/)
    expect(() => fieldsBody([f('a[]=1'), f('a[b]=2')])).toThrow(/both as a list and as an object/)
    expect(() => fieldsBody([f('novalue')])).toThrow(/expected key=value/)
  })

  it('become a query string for reads; --pick walks a path', () => {
    expect(fieldsQuery([f('per_page=5'), f('status=live')])).toBe('per_page=5&status=live')
    expect(pickPath({ a: [{ b: 3 }] }, 'a[0].b')).toBe(3)
    expect(pickPath({ a: [{ b: 3 }] }, '.a.0.b')).toBe(3)
    expect(pickPath({ a: 1 }, 'a.b')).toBeUndefined()
  })
})

describe('fanspole api', () => {
  it('calls as the stored session and prints the JSON answer; --pick prints one part', async () => {
    const me = await cli('api', 'GET', '/api/me', '--admin')
    ok(me)
    expect(JSON.parse(me.stdout).user.email).toBe(ctx.world.admin.email)
    const picked = ok(await cli('api', 'get', 'me', '--pick', 'user.role'))
    expect(picked.stdout).toBe('admin\n')
  })

  it('sends typed fields as the body of a write, and as the query of a read', async () => {
    const p = await ctx.api.player()
    const credit = ok(
      await cli('api', 'POST', '/api/admin/wallet/credits', '-F', `user_id=${p.id}`, '-F', 'amount=75'),
    )
    expect(JSON.parse(credit.stdout)).toMatchObject({ credit: { user_id: p.id } })
    expect((await ctx.api.get('/api/me', p.token)).body.user.unused_balance).toBe(75)
    const users = ok(await cli('api', 'GET', '/api/admin/users', '-F', `q=${p.username}`, '--pick', 'users'))
    expect(JSON.parse(users.stdout).map((u: { id: number }) => u.id)).toEqual([p.id])
  })

  it('reads the body from --input (a file or -)', async () => {
    const p = await ctx.api.player()
    const file = path.join(files.dir, 'credit.json')
    fs.writeFileSync(file, JSON.stringify({ user_id: p.id, amount: 20 }))
    ok(await cli('api', 'POST', '/api/admin/wallet/credits', '--input', file))
    expect((await ctx.api.get('/api/me', p.token)).body.user.unused_balance).toBe(20)
  })

  it('--as calls as the player (an admin act-as token), by username or e-mail', async () => {
    const p = await ctx.api.player()
    const byName = ok(await cli('--as', p.username, 'api', 'GET', '/api/me', '--pick', 'user.email'))
    expect(byName.stdout).toBe(`${p.email}\n`)
    const byEmail = ok(await cli('api', 'GET', '/api/me', '--pick', 'user.username', '--as', p.email))
    expect(byEmail.stdout).toBe(`${p.username}\n`)
  })

  it('--include prints the status line and headers; a refusal prints its body, exit 1', async () => {
    const r = await cli('api', 'GET', '/api/contests/999999', '--include')
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/^HTTP\/1\.1 404 Not Found\n/)
    expect(r.stdout).toMatch(/\ncontent-type: application\/json/)
    expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('\n\n') + 2)).code).toBe('NOT_FOUND')
    expect(r.stderr).toContain('HTTP 404 NOT_FOUND from GET /api/contests/999999')
  })

  it('answers anonymously without a session (public reads; 401 otherwise)', async () => {
    const home = tempDir('fanspole-home-')
    try {
      const env = { ...ctx.world.env, FANSPOLE_HOME: home.dir }
      const { runCli } = await import('../helpers')
      const anon = await runCli(['api', 'GET', '/api/me'], env)
      expect(anon.code).toBe(1)
      expect(JSON.parse(anon.stdout).code).toBe('UNAUTHORIZED')
      ok(await runCli(['api', 'GET', '/api/matches'], env))
    } finally {
      home.remove()
    }
  })

  it('refuses a bad method, path, field, header or input file with exit 2', async () => {
    exits(
      await cli('api', 'FETCH', '/api/me'),
      2,
      'method: "FETCH" is not one of GET, POST, PUT, PATCH, DELETE',
    )
    exits(await cli('api', 'GET', '/etc/passwd'), 2, 'path: "/etc/passwd" is not an API route')
    exits(await cli('api', 'POST', '/api/x', '-F', 'novalue'), 2, '--field: expected key=value')
    exits(await cli('api', 'GET', '/api/me', '-H', 'nocolon'), 2, '--header: expected name:value')
    exits(await cli('api', 'POST', '/api/x', '--input', '/nonexistent.json'), 2, '--input: cannot read')
    exits(await cli('api', 'GET'), 2, "missing required argument 'path'")
  })
})
