import { describe, expect, it } from 'vitest'
import { readServedUrl, recordServedUrl, servedUrlOf } from '../../../server/http/served-url'
import { apiWorld } from '../../helpers/world'

// A server listening beyond loopback stores the LAN address it serves on (app_settings
// served_url, written at listen time); links made for a caller on this machine — the
// instructor's CLI on 127.0.0.1 — carry it: class cards, sign_in_url, invite links.

const ctx = apiWorld({
  league: true,
  admin: true,
  config: { publicUrl: undefined, allowedHosts: ['league.lan'] },
})
const LAN = 'http://10.9.8.7:4321'

async function groupInvite(host: string) {
  const owner = await ctx.api.player()
  const made = await ctx.api.post('/api/groups', { name: 'Served club' }, owner.token)
  const res = await ctx.api.call('POST', `/api/groups/${made.body.group.group_uuid_id}/share`, {
    token: owner.token,
    body: {},
    headers: { host },
  })
  expect(res.status).toBe(200)
  return res.body.invite_url as string
}

describe('links carry the address the server serves the LAN on', () => {
  it('is the host itself, the first external IPv4 address of a wildcard, none on loopback', () => {
    expect(servedUrlOf('10.9.8.7', 4321)).toBe(LAN)
    expect(servedUrlOf('127.0.0.1', 4321)).toBeUndefined()
    expect(servedUrlOf('localhost', 4321)).toBeUndefined()
  })

  it('sign_in_url and invite links made from 127.0.0.1 carry the stored LAN address', async () => {
    const deps = ctx.world.deps
    expect(await recordServedUrl(deps, '10.9.8.7', 4321, false)).toBe(LAN)
    expect(await readServedUrl(deps.db)).toBe(LAN)
    const made = await ctx.api.call('POST', '/api/admin/classrooms', {
      token: ctx.admin.token,
      body: { students: 1 },
      headers: { host: '127.0.0.1:4321' },
    })
    expect(made.status).toBe(201)
    expect(made.body.sign_in_url).toBe(`${LAN}/`)
    expect(await groupInvite('127.0.0.1:4321')).toMatch(new RegExp(`^${LAN}/groups/invite/`))
    expect(await groupInvite('localhost:4321')).toMatch(new RegExp(`^${LAN}/groups/invite/`))
    // A student who came by another address of this machine gets links that open there.
    expect(await groupInvite('league.lan:4321')).toMatch(/^http:\/\/league\.lan:4321\/groups\/invite\//)
  })

  it('a loopback-only start clears it unless another server process is alive', async () => {
    const deps = ctx.world.deps
    await recordServedUrl(deps, '10.9.8.7', 4321, false)
    await recordServedUrl(deps, '127.0.0.1', 4321, true)
    expect(await readServedUrl(deps.db)).toBe(LAN)
    await recordServedUrl(deps, '127.0.0.1', 4321, false)
    expect(await readServedUrl(deps.db)).toBeUndefined()
    expect(await groupInvite('127.0.0.1:4321')).toMatch(/^http:\/\/127\.0\.0\.1:4321\/groups\/invite\//)
  })
})
