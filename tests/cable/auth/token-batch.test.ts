import { describe, expect, it } from 'vitest'
import { issueTokenPair } from '../../../server/areas/auth/tokens'
import { TOKENS_PER_QUERY, tokenBatcher } from '../../../server/cable/token-batch'
import { lookUpAccess, lookUpAccessMany } from '../../../server/http/access-tokens'
import { hashSecret } from '../../../server/lib/secrets'
import { cableServer } from '../../helpers/cable'
import { makeUser } from '../../helpers/deps'

const ctx = cableServer()

/** The real lookups, counted: how many queries a set of connects costs. */
function counted() {
  const calls = { one: 0, many: [] as number[] }
  const lookup = {
    one: (...args: Parameters<typeof lookUpAccess>) => {
      calls.one++
      return lookUpAccess(...args)
    },
    many: (...args: Parameters<typeof lookUpAccessMany>) => {
      calls.many.push(args[1].length)
      return lookUpAccessMany(...args)
    },
  }
  return { calls, resolve: tokenBatcher(ctx.server.deps, lookup) }
}

async function tokenFor(userId: number): Promise<string> {
  const ttl = { accessTokenTtlMs: 60_000, refreshTokenTtlMs: 60_000 }
  return (await issueTokenPair(ctx.server.deps.db, { userId, clientId: 'web' }, ttl, Date.now())).access_token
}

describe('/cable token lookups', () => {
  it('answers the connects of one turn with one query, each with its own verdict', async () => {
    const { deps } = ctx.server
    const [a, b] = await Promise.all([makeUser(deps), makeUser(deps)])
    const [ta, tb, revoked] = await Promise.all([tokenFor(a.id), tokenFor(b.id), tokenFor(b.id)])
    await deps.db
      .updateTable('oauth_access_tokens')
      .set({ revoked_at_ms: Date.now() })
      .where('token_hash', '=', hashSecret(revoked))
      .execute()
    const { calls, resolve } = counted()
    const checks = await Promise.all([ta, tb, 'no-such-token', ta, revoked].map((t) => resolve(t)))
    expect(calls).toEqual({ one: 0, many: [4] })
    expect(checks.map((c) => (c.ok ? c.user.id : c.problem))).toEqual([
      a.id,
      b.id,
      'The access token is invalid',
      a.id,
      'The access token was revoked',
    ])
  })

  it('runs the compiled single lookup for a lone connect', async () => {
    const me = await makeUser(ctx.server.deps)
    const { calls, resolve } = counted()
    const check = await resolve(await tokenFor(me.id))
    expect(check.ok && check.user.id).toBe(me.id)
    expect(calls).toEqual({ one: 1, many: [] })
  })

  it(`asks for at most ${TOKENS_PER_QUERY} tokens per query`, async () => {
    const { calls, resolve } = counted()
    const tokens = Array.from({ length: TOKENS_PER_QUERY + 2 }, (_, i) => `unknown-${i}`)
    const checks = await Promise.all(tokens.map((t) => resolve(t)))
    expect(checks.every((c) => !c.ok)).toBe(true)
    expect(calls).toEqual({ one: 0, many: [TOKENS_PER_QUERY, 2] })
  })
})
