import { createHash } from 'node:crypto'
import { lockRows } from '../../../db/lock'
import { type Executor, withTx } from '../../../db/tx'
import type { Deps } from '../../../deps'
import {
  OTP_MAX_ATTEMPTS,
  OTP_PATTERN,
  OTP_SEND_LIMIT,
  OTP_SEND_WINDOW_MS,
  OTP_TTL_MS,
} from '../../../domain/kyc-rules'
import { AppError, invalid } from '../../../http/errors'
import { sendMail } from '../../mail'

/**
 * Mobile verification by one-time password. The code goes to the local outbox (channel
 * `sms`, addressed to the number) and only its hash is stored.
 *
 * Lifetimes and the send window run on WALL time (`clock.wallNow()`), like every other
 * security timer (see server/lib/clock.ts): an instructor running the game clock at 100×
 * must not make an OTP die in six seconds. `expires_at_ms` is therefore a wall instant;
 * `created_at_ms` is game time like every other row.
 */

const hashOtp = (userId: number, mobile: string, code: string) =>
  createHash('sha256').update(`otp:${userId}:${mobile}:${code}`).digest('hex')

export interface OtpSent {
  mobile_number: string
  otp_sent: true
  expires_in: number
}

export async function sendOtp(deps: Deps, userId: number, mobile: string): Promise<OtpSent> {
  const wallNow = deps.clock.wallNow()
  await refuseNumberOfAnotherAccount(deps, userId, mobile)
  const code = String(deps.rng.stream('otp').int(0, 999_999)).padStart(6, '0')
  await withTx(deps, async (tx) => {
    // The user's sends take turns, so the window counts every one of them.
    await lockRows(tx, 'users', userId)
    // A send is "recent" when its expiry minus the lifetime (its wall send time) is in the window.
    const recent = await tx
      .selectFrom('mobile_otps')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('expires_at_ms', '>', wallNow - OTP_SEND_WINDOW_MS + OTP_TTL_MS)
      .executeTakeFirstOrThrow()
    if (Number(recent.n) >= OTP_SEND_LIMIT)
      throw new AppError(
        'RATE_LIMITED',
        `At most ${OTP_SEND_LIMIT} OTPs per ${OTP_SEND_WINDOW_MS / 60_000} minutes; wait and try again`,
        undefined,
        { 'Retry-After': String(Math.ceil(OTP_SEND_WINDOW_MS / 1000)) },
      )
    const now = deps.clock.now()
    await tx
      .insertInto('mobile_otps')
      .values({
        user_id: userId,
        mobile_no: mobile,
        code_hash: hashOtp(userId, mobile, code),
        expires_at_ms: wallNow + OTP_TTL_MS,
        created_at_ms: now,
      })
      .execute()
    await sendMail(
      tx,
      {
        to: mobile,
        channel: 'sms',
        subject: 'Your Fanspole OTP',
        body: `${code} is your Fanspole one-time password (OTP) to verify your mobile number. It expires in ${OTP_TTL_MS / 60_000} minutes. Never share it with anyone.`,
      },
      now,
    )
  })
  return { mobile_number: mobile, otp_sent: true, expires_in: OTP_TTL_MS / 1000 }
}

/**
 * Checks the latest OTP sent to this number. A wrong code is counted (committed even
 * though the answer is a 422); after OTP_MAX_ATTEMPTS wrong tries the code is dead.
 */
export async function verifyOtp(deps: Deps, userId: number, mobile: string, otp: string) {
  if (!OTP_PATTERN.test(otp)) throw invalid({ otp: ['must be the 6 digits we sent'] })
  const wallNow = deps.clock.wallNow()
  const outcome = await withTx(deps, async (tx) => {
    // Tries take turns: each wrong one is counted, however many arrive at once.
    await lockRows(tx, 'users', userId)
    const row = await tx
      .selectFrom('mobile_otps')
      .selectAll()
      .where('user_id', '=', userId)
      .where('mobile_no', '=', mobile)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    if (!row || row.verified_at_ms !== null) return { error: 'send an OTP to this number first' }
    if (row.attempts >= OTP_MAX_ATTEMPTS)
      return { error: 'was entered wrong too many times; ask for a new one' }
    if (wallNow >= Number(row.expires_at_ms)) return { error: 'has expired; ask for a new one' }
    if (row.code_hash !== hashOtp(userId, mobile, otp)) {
      const attempts = row.attempts + 1
      await tx.updateTable('mobile_otps').set({ attempts }).where('id', '=', row.id).execute()
      const left = OTP_MAX_ATTEMPTS - attempts
      return {
        error:
          left > 0
            ? `is incorrect (${left} attempt${left === 1 ? '' : 's'} left)`
            : 'is incorrect, and that was the last attempt; ask for a new one',
      }
    }
    await refuseNumberOfAnotherAccount(deps, userId, mobile, tx)
    const now = deps.clock.now()
    await tx.updateTable('mobile_otps').set({ verified_at_ms: now }).where('id', '=', row.id).execute()
    await tx
      .updateTable('users')
      .set({ mobile_no: mobile, mobile_approved: 1, updated_at_ms: now })
      .where('id', '=', userId)
      .execute()
    return { error: null }
  })
  if (outcome.error) throw invalid({ otp: [outcome.error] })
  return { mobile_no: mobile, mobile_approved: true }
}

/** One verified account per number. */
async function refuseNumberOfAnotherAccount(
  deps: Deps,
  userId: number,
  mobile: string,
  db: Executor = deps.db,
) {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('mobile_no', '=', mobile)
    .where('mobile_approved', '=', 1)
    .where('id', '!=', userId)
    .executeTakeFirst()
  if (taken) throw invalid({ mobile_number: ['is already verified on another account'] })
}
