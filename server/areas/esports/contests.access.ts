import type { Deps } from '../../core/deps'
import { lockRows } from '../../db/lock'
import { type AfterCommit, type Executor, withTx } from '../../db/tx'
import {
  ACCESS_REQUEST_COOLDOWN_HOURS,
  ESPORTS_GAMES,
  ESPORTS_KINDS,
  type EsportsKind,
  HOST_LEVEL_MIN,
  HOSTED_OPEN_MAX,
} from '../../domain/esports/rules'
import { AppError } from '../../http/errors'
import { type AccessRequirement, contestAccess } from '../contest-access'
import { notify } from '../notifications'
import { adminIds, type Caller, notifyEach } from './core'

/**
 * Who may host an esports contest (docs/esports.md, "Who may host"): the access answer that
 * creation and the access pages read, and the player's request to the admins.
 */

const HOUR_MS = 3_600_000

export type HostRequirementKey =
  | 'game_account_verified'
  | 'game_level'
  | 'mobile_verified'
  | 'paid_contest_completed'
  | 'admin_grant'
  | 'hosted_open_cap'

export interface HostRequirement {
  key: HostRequirementKey
  met: boolean
  message: string
}

export interface EsportsAccess {
  kind: EsportsKind
  /** The draft asked about may be created (without a draft: a free private contest may be). */
  allowed: boolean
  free_allowed: boolean
  paid_allowed: boolean
  requirements: HostRequirement[]
  /** What still stands between the player and the draft (without one: a paid or public contest), first first. */
  missing: HostRequirement[]
}

export async function esportsAccess(
  db: Executor,
  userId: number,
  kind: EsportsKind,
  draft?: { entry_fee_paise: number; is_private: boolean },
): Promise<EsportsAccess> {
  const game = ESPORTS_KINDS[kind].game
  const gameName = ESPORTS_GAMES[game].name
  const [account, daily, hosted] = await Promise.all([
    db
      .selectFrom('game_accounts')
      .select(['status', 'game_level'])
      .where('user_id', '=', userId)
      .where('game', '=', game)
      .executeTakeFirst(),
    contestAccess(db, userId, { entry_fee_paise: 1, is_private: false }),
    hostedOpen(db, userId),
  ])
  const requirements = hostRequirements(gameName, account, daily.requirements, hosted)
  const byKey = (k: HostRequirementKey) => requirements.find((r) => r.key === k)?.met === true
  const paidPath = byKey('admin_grant') || (byKey('mobile_verified') && byKey('paid_contest_completed'))
  const base = byKey('game_account_verified') && byKey('game_level') && byKey('hosted_open_cap')
  const freeAllowed = base
  const paidAllowed = base && paidPath
  const paid = draft ? draft.entry_fee_paise > 0 || !draft.is_private : true
  const missing = requirements.filter((r) => {
    if (r.met) return false
    if (r.key === 'mobile_verified' || r.key === 'paid_contest_completed' || r.key === 'admin_grant')
      return paid && !paidPath
    return true
  })
  return {
    kind,
    allowed: draft ? (paid ? paidAllowed : freeAllowed) : freeAllowed,
    free_allowed: freeAllowed,
    paid_allowed: paidAllowed,
    requirements,
    missing,
  }
}

/** The host requirements in the order the access page lists them: the game account's, then the daily contests' (docs/esports.md). */
function hostRequirements(
  gameName: string,
  account: { status: string; game_level: number | string } | undefined,
  daily: AccessRequirement[],
  hosted: number,
): HostRequirement[] {
  const verified = account?.status === 'verified'
  const levelOk = verified && Number(account?.game_level) >= HOST_LEVEL_MIN
  const capOk = hosted < HOSTED_OPEN_MAX
  const accountMessage = verified
    ? `Your ${gameName} game account is verified`
    : account?.status === 'pending'
      ? `Your ${gameName} game account waits for an admin’s verification`
      : account?.status === 'rejected'
        ? `Your ${gameName} game account was rejected; fix it in your settings`
        : `Add your ${gameName} game account in your settings and have it verified`
  const pick = (key: 'mobile_verified' | 'paid_contest_completed' | 'admin_grant') =>
    daily.find((r) => r.key === key) as AccessRequirement
  return [
    { key: 'game_account_verified', met: verified, message: accountMessage },
    {
      key: 'game_level',
      met: levelOk,
      message: levelOk
        ? `Your ${gameName} level is ${account?.game_level} (at least ${HOST_LEVEL_MIN})`
        : `Your ${gameName} game account must be level ${HOST_LEVEL_MIN} or more${
            account ? ` (it is ${account.game_level})` : ''
          }`,
    },
    { ...pick('mobile_verified'), key: 'mobile_verified' },
    { ...pick('paid_contest_completed'), key: 'paid_contest_completed' },
    { ...pick('admin_grant'), key: 'admin_grant' },
    {
      key: 'hosted_open_cap',
      met: capOk,
      message: capOk
        ? `You host ${hosted} of at most ${HOSTED_OPEN_MAX} open esports contests`
        : `You already host ${hosted} open esports contests, the most at once; wait until one locks or cancel one`,
    },
  ]
}

async function hostedOpen(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('esports_contests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('host_id', '=', userId)
    .where('status', '=', 'open')
    .where('round_id', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export const ACCESS_REQUEST_KIND = 'esports_access_request'
/** The requester's own copy ("your request went to the admins"): also the 24-hour rule's record. */
export const ACCESS_REQUESTED_KIND = 'esports_access_requested'

/**
 * A player asks the admins for host access (POST /api/pubgs/access): every admin is notified
 * with a link to the player; the player gets a copy, which is what the once-a-day rule reads.
 */
export async function requestHostAccess(
  deps: Deps,
  caller: Caller,
  input: { kind?: EsportsKind; message?: string | null },
): Promise<EsportsAccess> {
  const kind = input.kind ?? 'pubg'
  return withTx(deps, async (tx, after) => {
    await lockRows(tx, 'users', caller.id)
    const now = deps.clock.now()
    const access = await esportsAccess(tx, caller.id, kind)
    if (access.paid_allowed) throw new AppError('CONFLICT', 'You may host esports contests already')
    await assertNotAskedLately(tx, caller.id, now)
    const gameName = ESPORTS_KINDS[kind].name
    await tellAdmins(
      tx,
      after,
      caller.id,
      { kind, gameName, message: input.message, missing: access.missing },
      now,
    )
    await notify(
      tx,
      after,
      caller.id,
      {
        kind: ACCESS_REQUESTED_KIND,
        body: `Your request for ${gameName} host access went to the admins`,
        data: { kind, link: '/contests/create/pubg-contest-requirement' },
      },
      now,
    )
    return access
  })
}

/** Once a day: the requester's last copy of a request must be older than the cooldown (429 with Retry-After). */
async function assertNotAskedLately(tx: Executor, userId: number, now: number): Promise<void> {
  const last = await tx
    .selectFrom('notifications')
    .select('created_at_ms')
    .where('user_id', '=', userId)
    .where('kind', '=', ACCESS_REQUESTED_KIND)
    .orderBy('created_at_ms', 'desc')
    .executeTakeFirst()
  const cooldown = ACCESS_REQUEST_COOLDOWN_HOURS * HOUR_MS
  if (last && Number(last.created_at_ms) + cooldown > now) {
    const wait = Math.ceil((Number(last.created_at_ms) + cooldown - now) / 1000)
    throw new AppError(
      'RATE_LIMITED',
      `You asked within the last ${ACCESS_REQUEST_COOLDOWN_HOURS} hours; ask again later`,
      undefined,
      { 'Retry-After': String(wait) },
    )
  }
}

/** Every admin is told who asks, for which game, what they lack, with a link to them. */
async function tellAdmins(
  tx: Executor,
  after: AfterCommit,
  userId: number,
  ask: { kind: EsportsKind; gameName: string; message?: string | null; missing: HostRequirement[] },
  now: number,
): Promise<void> {
  const user = await tx
    .selectFrom('users')
    .select(['id', 'slug', 'username'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const note = ask.message?.trim() ? `: “${ask.message.trim()}”` : ''
  const lacking = ask.missing.map((r) => r.key)
  await notifyEach(
    tx,
    after,
    await adminIds(tx),
    {
      kind: ACCESS_REQUEST_KIND,
      body: `${user.username} asks for ${ask.gameName} host access${note}`,
      data: {
        user_id: user.id,
        user_slug: user.slug,
        kind: ask.kind,
        missing: lacking,
        link: `/users/${user.slug}`,
      },
    },
    now,
  )
}
