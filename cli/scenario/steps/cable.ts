import { z } from 'zod'
import type { CableClient } from '../cable-client'
import { matchPartial } from '../match'
import { show } from '../show'
import { StepFailure } from '../step-failure'
import type { StepContext } from '../types'
import { asNone, stepKind, userRef } from './common'

const EXPECTS = ['welcome', 'confirm', 'reject', 'none', 'unauthorized'] as const

const CableSpec = z
  .strictObject({
    as: userRef,
    token: z.string().nullable().optional(),
    subscribe: z.looseObject({ channel: z.string().min(1) }).optional(),
    expect: z.enum(EXPECTS).optional(),
    within_ms: z.number().int().positive().max(60_000).optional(),
  })
  .refine((c) => !(c.expect === 'welcome' && c.subscribe), {
    message: 'expect: welcome is for connecting only; use confirm, reject or none with subscribe',
  })
  .refine((c) => !['confirm', 'reject', 'none'].includes(c.expect ?? '') || c.subscribe, {
    message: 'expect: confirm, reject and none need subscribe',
  })

export type CableSpec = z.infer<typeof CableSpec>

const UNAUTHORIZED = { type: 'disconnect', reason: 'unauthorized', reconnect: false }

function expectation(spec: CableSpec): (typeof EXPECTS)[number] {
  return spec.expect ?? (spec.subscribe ? 'confirm' : 'welcome')
}

function recent(client: CableClient): string {
  const frames = client.frames.slice(-5).map((f) => show(f.data, 200))
  const closed = client.closed ? `; socket closed (code ${client.closed.code})` : ''
  return `received: ${frames.length ? frames.join(', ') : 'nothing'}${closed}`
}

async function expectUnauthorized(client: CableClient, spec: CableSpec, ctx: StepContext, within: number) {
  const identifier = spec.subscribe ? JSON.stringify(spec.subscribe) : undefined
  if (identifier) client.send({ command: 'subscribe', identifier })
  const greeting = await ctx.cable.greeting(client, within, ctx.signal)
  if (greeting.kind === 'welcome')
    throw new StepFailure(
      `expected the unauthorized disconnect frame, but the server sent welcome; ${recent(client)}`,
    )
  if (greeting.kind !== 'refused')
    throw new StepFailure(
      `expected the unauthorized disconnect frame ${show(UNAUTHORIZED)}; ${recent(client)}`,
    )
  const mismatches = matchPartial(UNAUTHORIZED, greeting.frame.data, ['frame'])
  if (mismatches.length > 0)
    throw new StepFailure('the server refused the connection with another frame', mismatches)
  const closed = await client.waitUntil(() => client.closed ?? undefined, within, ctx.signal)
  if (!closed) throw new StepFailure(`the socket stayed open ${within} ms after the unauthorized frame`)
  const answered = identifier !== undefined && client.frames.find((f) => f.data.identifier === identifier)
  if (answered) throw new StepFailure(`a refused connection answered its subscribe: ${show(answered.data)}`)
  return `unauthorized disconnect, socket closed (code ${closed.code})`
}

export async function subscribe(
  client: CableClient,
  owner: string | null,
  spec: CableSpec,
  ctx: StepContext,
  within: number,
) {
  const params = spec.subscribe as Record<string, unknown>
  const identifier = JSON.stringify(params)
  const isAnswer = (type: unknown) => type === 'confirm_subscription' || type === 'reject_subscription'
  client.send({ command: 'subscribe', identifier })
  const wanted = expectation(spec)
  const answer = await client.waitUntil(
    () => client.frames.find((f) => !f.consumed && f.data.identifier === identifier && isAnswer(f.data.type)),
    within,
    ctx.signal,
  )
  if (answer) answer.consumed = true
  const got = answer ? String(answer.data.type) : 'no answer'
  if (wanted === 'none') {
    if (answer)
      throw new StepFailure(`expected no answer to subscribe ${identifier} within ${within} ms, got ${got}`)
    return `subscribe ${identifier} → no answer in ${within} ms`
  }
  const type = wanted === 'confirm' ? 'confirm_subscription' : 'reject_subscription'
  if (got !== type)
    throw new StepFailure(
      `expected ${type} for ${identifier} within ${within} ms, got ${got}; ${recent(client)}`,
    )
  if (wanted === 'confirm' && owner) ctx.cable.remember({ owner, identifier, params, connection: client })
  return `subscribe ${identifier} → ${type}`
}

/**
 * `cable:` — connects to /cable as a user (their connection is reused by later steps), or
 * with an explicit `token:` on a separate connection, and expects `welcome`,
 * `unauthorized`, or, with `subscribe`, `confirm`, `reject` or `none` (no answer).
 */
export const cableStep = stepKind('cable', CableSpec, {
  kind: 'cable',
  describe: (c) => {
    const who =
      c.token !== undefined
        ? 'a connection with an explicit token'
        : asNone(c.as)
          ? 'an anonymous connection'
          : c.as
    const what = c.subscribe ? `subscribe to ${c.subscribe.channel}` : 'connect'
    return `/cable: ${who} ${what} → ${expectation(c)}`
  },
  usersOf: (spec) => [spec.as],
  async run(spec, ctx) {
    const within = spec.within_ms ?? 3000
    const owner = asNone(spec.as) ? null : (spec.as as string)
    const explicit = spec.token !== undefined || owner === null
    const client = explicit
      ? await ctx.cable.adHoc(owner ?? 'anonymous', spec.token ?? null)
      : await ctx.cable.connection(owner as string, ctx.user(owner as string).token)
    const who = explicit
      ? `${owner ?? 'a connection'} with ${spec.token ? 'the given token' : 'no token'}`
      : owner
    if (expectation(spec) === 'unauthorized')
      return { detail: `${who}: ${await expectUnauthorized(client, spec, ctx, within)}` }
    const greeting = await ctx.cable.greeting(client, within, ctx.signal)
    if (greeting.kind !== 'welcome')
      throw new StepFailure(`expected welcome for ${who}, got ${greeting.kind}; ${recent(client)}`)
    if (!spec.subscribe) return { detail: `${who}: welcome (protocol ${client.protocol || 'none'})` }
    return { detail: `${who}: ${await subscribe(client, explicit ? null : owner, spec, ctx, within)}` }
  },
})
