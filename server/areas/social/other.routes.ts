import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Deps } from '../../core/deps'
import { invalid } from '../../http/errors'
import { clientAddress, limit } from '../../http/rate-limit'
import { json } from '../../http/responses'
import { routesOn } from '../../http/route'
import { type AppEnv, createRouter } from '../../http/router'
import { multilineText } from '../../http/text'
import {
  joinWaitlist,
  partnerProgram,
  recordFeedback,
  recordTrafficSource,
  TrafficSourceFields,
  waitlistCount,
} from './other'

/**
 * Spec §7 "Other" (people side): the waitlist, the partner programme, feedback and traffic
 * sources. Anyone may call them, so the writes share one limiter per address (docs/social.md).
 */
// Long: a route factory, one short registration per route.
export function otherRoutes(deps: Deps) {
  const app = createRouter()
  const route = routesOn(app, ['Other'])
  const perAddress = (c: Context<AppEnv>) => clientAddress(c, deps.config.trustProxy)
  const formLimit = limit(deps, 'public-form', deps.config.rateLimits.publicForm, perAddress)

  const WaitlistSchema = z.object({ count: z.number().int() }).openapi('Waitlist')

  route.get(
    '/api/waitlist',
    {
      summary: 'How many people are on the waitlist',
      ok: json(z.object({ waitlist: WaitlistSchema }), 'The count'),
    },
    async (c) => c.json({ waitlist: { count: await waitlistCount(deps.db) } }, 200),
  )

  route.post(
    '/api/waitlist',
    {
      summary: 'Join the waitlist',
      description:
        'Idempotent by address (case-insensitive): joining twice answers 200 with `joined: false` and the count unchanged.',
      middleware: [formLimit],
      body: z.strictObject({ email: z.email().max(254) }).openapi('WaitlistRequest'),
      responses: {
        200: json(z.object({ waitlist: WaitlistSchema, joined: z.boolean() }), 'Already on it'),
        201: json(z.object({ waitlist: WaitlistSchema, joined: z.boolean() }), 'Added'),
      },
      errors: [413, 422, 429],
    },
    async (c) => {
      const email = c.req.valid('json').email.trim().toLowerCase()
      const joined = await joinWaitlist(deps.db, email, deps.clock.now())
      const body = { waitlist: { count: await waitlistCount(deps.db) }, joined }
      return joined ? c.json(body, 201) : c.json(body, 200)
    },
  )

  route.get(
    '/api/partner_program',
    {
      summary: 'The Fanspole partner programme',
      description:
        'What partners earn and how to join. Signed in, `partner` also carries the caller’s referral code and how many people signed up with it.',
      ok: json(z.object({ partner_program: PartnerSchema }), 'The programme'),
    },
    async (c) => c.json({ partner_program: await partnerProgram(deps, c.get('user')?.id ?? null) }, 200),
  )

  route.post(
    '/api/feedbacks',
    {
      summary: 'Send feedback',
      description: 'Signed in, the feedback is the user’s; otherwise `email` is required so we can answer.',
      middleware: [formLimit],
      body: z
        .strictObject({
          message: multilineText().trim().min(1).max(2000),
          email: z.email().max(254).optional(),
        })
        .openapi('FeedbackRequest'),
      responses: { 201: json(z.object({ feedback: z.object({ id: z.number().int() }) }), 'Received') },
      errors: [413, 422, 429],
    },
    async (c) => {
      const input = c.req.valid('json')
      const userId = c.get('user')?.id ?? null
      if (userId === null && !input.email) throw invalid({ email: ['is required when not signed in'] })
      const id = await recordFeedback(deps.db, userId, input, deps.clock.now())
      return c.json({ feedback: { id } }, 201)
    },
  )

  route.post(
    '/api/traffic_sources',
    {
      summary: 'Record where a visitor came from',
      description:
        'UTM fields, referrer and landing path of a visit; tied to the caller when signed in. Sign-up (`POST /api/users`) takes the same UTM fields and records them with the new account.',
      middleware: [formLimit],
      body: TrafficSourceFields.openapi('TrafficSourceRequest'),
      responses: { 201: json(z.object({ traffic_source: z.object({ id: z.number().int() }) }), 'Recorded') },
      errors: [413, 422, 429],
    },
    async (c) => {
      const id = await recordTrafficSource(
        deps.db,
        c.get('user')?.id ?? null,
        c.req.valid('json'),
        deps.clock.now(),
      )
      return c.json({ traffic_source: { id } }, 201)
    },
  )

  return app
}

const PartnerSchema = z
  .object({
    name: z.string(),
    commission_percent: z.number(),
    benefits: z.array(z.string()),
    steps: z.array(z.string()),
    contact_email: z.string(),
    referral_code: z.string().nullable(),
    referred_users: z.number().int().nullable(),
  })
  .openapi('PartnerProgram')
