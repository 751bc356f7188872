import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { makeUser } from '../../helpers/deps'
import { apiWorld } from '../../helpers/world'

// Links the server writes carry the address the player used (docs/architecture.md "Links"):
// FANSPOLE_PUBLIC_URL when set, else the request's Host — when it names this machine or an
// allowed name; a forged Host gets http://localhost:<port>. Runs on SQLite and PostgreSQL.

const ctx = apiWorld({ admin: true, config: { publicUrl: undefined, allowedHosts: ['league.lan'] } })
const fallback = () => `http://localhost:${ctx.world.deps.config.port}`

/** This machine's first non-loopback IPv4 address (a LAN address), if it has one. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address

async function inviteUrl(host: string | undefined, extra: Record<string, string> = {}) {
  const owner = await ctx.api.player()
  const made = await ctx.api.post('/api/groups', { name: 'Link club' }, owner.token)
  expect(made.status).toBe(201)
  const res = await ctx.api.call('POST', `/api/groups/${made.body.group.group_uuid_id}/share`, {
    token: owner.token,
    body: {},
    headers: { ...(host ? { host } : {}), ...extra },
  })
  expect(res.status).toBe(200)
  return { url: res.body.invite_url as string, code: res.body.invite_code as string }
}

async function resetLink(host: string) {
  const u = await makeUser(ctx.world.deps)
  const asked = await ctx.api.call('POST', '/api/users/forget_password.json', {
    body: { email: u.email },
    headers: { host },
  })
  expect(asked.status).toBe(200)
  const res = await ctx.api.get(`/api/admin/outbox?to=${encodeURIComponent(u.email)}`, ctx.admin.token)
  const mail = res.body.messages.find(
    (m: { subject: string }) => m.subject === 'Reset your Fanspole password',
  )
  return /(\S+)\/reset-password\//.exec(mail.body)?.[1]
}

describe('group invite links', () => {
  it('use the loopback address the player opened the app at', async () => {
    const { url, code } = await inviteUrl('127.0.0.1:3431')
    expect(url).toBe(`http://127.0.0.1:3431/groups/invite/${code}`)
    expect((await inviteUrl('localhost:3431')).url).toMatch(/^http:\/\/localhost:3431\/groups\/invite\//)
  })

  it.runIf(lanAddress)('use a LAN address of this machine', async () => {
    const { url } = await inviteUrl(`${lanAddress}:3432`)
    expect(url).toMatch(new RegExp(`^http://${lanAddress?.replace(/\./g, '\\.')}:3432/groups/invite/`))
  })

  it('use a name from FANSPOLE_ALLOWED_HOSTS', async () => {
    expect((await inviteUrl('League.LAN:8080')).url).toMatch(/^http:\/\/league\.lan:8080\/groups\/invite\//)
  })

  it('never carry a forged or malformed Host', async () => {
    for (const host of ['evil.example', 'evil.example:3431', '127.0.0.1@evil.example', '8.8.8.8:80'])
      expect((await inviteUrl(host)).url, host).toMatch(new RegExp(`^${fallback()}/groups/invite/`))
  })

  it('ignore X-Forwarded-Host unless the proxy is trusted', async () => {
    const forwarded = { 'x-forwarded-host': 'league.lan', 'x-forwarded-proto': 'https' }
    expect((await inviteUrl('127.0.0.1:3431', forwarded)).url).toMatch(/^http:\/\/127\.0\.0\.1:3431\//)
    ctx.world.deps.config.trustProxy = true
    try {
      expect((await inviteUrl('127.0.0.1:3431', forwarded)).url).toMatch(/^https:\/\/league\.lan\/groups\//)
      const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }
      expect((await inviteUrl('127.0.0.1:3431', forged)).url).toMatch(new RegExp(`^${fallback()}/`))
    } finally {
      ctx.world.deps.config.trustProxy = false
    }
  })

  it('use FANSPOLE_PUBLIC_URL when it is set, whatever the Host', async () => {
    ctx.world.deps.config.publicUrl = 'https://league.example/'
    try {
      const { url, code } = await inviteUrl('127.0.0.1:3431')
      expect(url).toBe(`https://league.example/groups/invite/${code}`)
    } finally {
      ctx.world.deps.config.publicUrl = undefined
    }
  })
})

describe('mail and share links', () => {
  it('puts the address used in the password-reset mail, and not a forged one', async () => {
    expect(await resetLink('127.0.0.1:3433')).toBe('http://127.0.0.1:3433')
    expect(await resetLink('evil.example')).toBe(fallback())
  })

  it('puts the address used in the referral share link', async () => {
    const p = await ctx.api.player()
    const res = await ctx.api.call('GET', '/api/me/referral_details', {
      token: p.token,
      headers: { host: '127.0.0.1:3434' },
    })
    expect(res.status).toBe(200)
    expect(res.body.referral_details.share_url).toMatch(/^http:\/\/127\.0\.0\.1:3434\/signup\?ref=/)
  })
})
