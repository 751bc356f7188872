import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import type { Executor } from '../../db/tx'

const utm = z.string().trim().max(200).optional()

/** The fields of a visit's origin, shared by `POST /api/traffic_sources` and sign-up. */
export const TrafficSourceFields = z.strictObject({
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
  referrer: z.string().trim().max(2000).optional(),
  landing_path: z.string().trim().max(2000).optional(),
})
export type TrafficSourceInput = z.infer<typeof TrafficSourceFields>

export function hasTrafficSource(input: TrafficSourceInput): boolean {
  return Object.values(input).some((v) => typeof v === 'string' && v.length > 0)
}

export async function recordTrafficSource(
  db: Executor,
  userId: number | null,
  input: TrafficSourceInput,
  nowMs: number,
): Promise<number> {
  const row = await db
    .insertInto('traffic_sources')
    .values({
      user_id: userId,
      utm_source: input.utm_source || null,
      utm_medium: input.utm_medium || null,
      utm_campaign: input.utm_campaign || null,
      utm_term: input.utm_term || null,
      utm_content: input.utm_content || null,
      referrer: input.referrer || null,
      landing_path: input.landing_path || null,
      created_at_ms: nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** Partners earn this share of the platform fee on contests their referred users join. */
export const PARTNER_COMMISSION_PERCENT = 10

export async function partnerProgram(deps: Deps, userId: number | null) {
  let referralCode: string | null = null
  let referred: number | null = null
  if (userId !== null) {
    const me = await deps.db
      .selectFrom('users')
      .select('reference')
      .where('id', '=', userId)
      .executeTakeFirst()
    referralCode = me?.reference ?? null
    const n = await deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('referred_by_id', '=', userId)
      .executeTakeFirstOrThrow()
    referred = Number(n.n)
  }
  return {
    name: 'Fanspole Partner Program',
    commission_percent: PARTNER_COMMISSION_PERCENT,
    benefits: [
      `${PARTNER_COMMISSION_PERCENT}% of the platform fee on every paid contest your referred players join`,
      'Coins and a scratch card for you and each friend who signs up with your code',
      'A partner badge on your profile',
    ],
    steps: [
      'Share your referral code or link',
      'Friends sign up with it and play',
      'Track referred players here and in your referral details',
    ],
    contact_email: 'partners@fanspole.local',
    referral_code: referralCode,
    referred_users: referred,
  }
}

/** Puts an address on the waitlist; false when it was already there. */
export async function joinWaitlist(db: Executor, email: string, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('waitlist_entries')
    .values({ email, created_at_ms: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}

export async function waitlistCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Stores a visitor's or user's feedback; answers its id. */
export async function recordFeedback(
  db: Executor,
  userId: number | null,
  input: { message: string; email?: string | undefined },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('feedbacks')
    .values({
      user_id: userId,
      email: input.email?.toLowerCase() ?? null,
      message: input.message,
      created_at_ms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}
