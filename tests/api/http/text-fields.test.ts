import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowCount } from '../../helpers/db'
import { type TestWorld, testWorld } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { upcomingMatch } from '../../helpers/league'

/**
 * The text rules of server/http/text.ts, applied by the router to every string of every
 * request: no control or bidi-override characters anywhere, one line unless the field is
 * multi-line text. Each case is a field that stored such characters before.
 */

let world: TestWorld
let api: ReturnType<typeof client>
let me: Awaited<ReturnType<typeof api.player>>

beforeAll(async () => {
  world = await testWorld()
  api = client(world.deps)
  me = await api.player()
})
afterAll(() => world.close())

const NEVER: Array<[string, string]> = [
  ['\u0000', 'U+0000'],
  ['\u0007', 'U+0007'],
  ['\u001b', 'U+001B'],
  ['\u007f', 'U+007F'],
  ['\u0085', 'U+0085'],
  ['\u009b', 'U+009B'],
  ['\u202a', 'U+202A'],
  ['\u202e', 'U+202E'],
  ['\u2066', 'U+2066'],
  ['\u2067', 'U+2067'],
  ['\u2068', 'U+2068'],
  ['\u2069', 'U+2069'],
]

const count = (table: 'auctions' | 'notifications') => rowCount(world.deps.db, table)

describe('text fields', () => {
  it('refuses NUL and the right-to-left override in an auction name, storing nothing', async () => {
    const match = await upcomingMatch(world.deps).catch(() => null)
    for (const name of ['Office\u0000league', '\u202eeugael eciffO']) {
      const res = await api.post(
        '/api/auctions',
        { name, match_id: match?.id ?? 1, balanced: false },
        me.token,
      )
      expect(res.status).toBe(422)
      expect(res.body.code).toBe('VALIDATION_FAILED')
      expect(Object.keys(res.body.errors)).toEqual(['name'])
    }
    expect(await count('auctions')).toBe(0)
  })

  it('names the character in the message, for every control and bidi-override character', async () => {
    for (const [ch, code] of NEVER) {
      const res = await api.put('/api/me', { team_name: `ab${ch}cd` }, me.token)
      expect(res.status, code).toBe(422)
      expect(res.body.errors, code).toEqual({
        team_name: [`contains a character that is not allowed (${code})`],
      })
    }
  })

  it('refuses unpaired surrogates', async () => {
    const res = await api.call('PUT', '/api/me', { raw: '{"team_name":"ab\\ud800cd"}', token: me.token })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ team_name: ['is not valid text (an unpaired surrogate)'] })
  })

  it('keeps one-line fields on one line, and multi-line fields keep line breaks and tabs', async () => {
    for (const ch of ['\n', '\r', '\t', '\u2028']) {
      const res = await api.put('/api/me', { team_name: `ab${ch}cd` }, me.token)
      expect(res.status).toBe(422)
      expect(res.body.errors).toEqual({ team_name: ['must be a single line'] })
    }
    const about = 'Opening bat.\n\tLoves a cover drive.\r\nBowls a bit.'
    const ok = await api.put('/api/me', { about_me: about }, me.token)
    expect(ok.status).toBe(200)
    expect(ok.body.user.about_me).toBe(about)
    const nul = await api.put('/api/me', { about_me: 'two\nlines\u0000' }, me.token)
    expect(nul.body.errors).toEqual({ about_me: ['contains a character that is not allowed (U+0000)'] })
  })

  it('accepts right-to-left text and its directional marks', async () => {
    const res = await api.put('/api/me', { team_name: 'نسور\u200f 11' }, me.token)
    expect(res.status).toBe(200)
    expect(res.body.user.team_name).toBe('نسور\u200f 11')
  })

  it('gives the path of a string inside a list', async () => {
    const res = await api.put('/api/me', { interests: ['cricket', 'foot\u202eball'] }, me.token)
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({ 'interests.1': ['contains a character that is not allowed (U+202E)'] })
  })

  it('applies to forms, query strings and path parameters alike', async () => {
    const form = await api.call('PUT', '/api/me', {
      raw: 'team_name=ab%00cd',
      token: me.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(422)
    expect(form.body.errors).toEqual({ team_name: ['contains a character that is not allowed (U+0000)'] })
    const query = await api.get('/api/players?q=ko%00hli')
    expect(query.status).toBe(422)
    expect(query.body.errors).toEqual({ q: ['contains a character that is not allowed (U+0000)'] })
    const path = await api.get('/api/users/a%E2%80%AEb')
    expect(path.status).toBe(422)
    expect(path.body.errors).toEqual({ slug: ['contains a character that is not allowed (U+202E)'] })
  })

  it('lets an admin send a multi-line notification but not a control character in it', async () => {
    const admin = await api.admin()
    const before = await count('notifications')
    const bad = await api.post(
      '/api/admin/notifications',
      { user_id: me.id, body: 'Line one\nline \u001b[31mtwo' },
      admin.token,
    )
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ body: ['contains a character that is not allowed (U+001B)'] })
    expect(await count('notifications')).toBe(before)
    const ok = await api.post(
      '/api/admin/notifications',
      { user_id: me.id, body: 'Line one\nline two' },
      admin.token,
    )
    expect(ok.status).toBe(201)
  })
})
