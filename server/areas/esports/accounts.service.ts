import type { Selectable } from 'kysely'
import type { Deps } from '../../core/deps'
import { isUniqueViolation } from '../../db/errors'
import { lockRows } from '../../db/lock'
import { containsText, countRows } from '../../db/query'
import type { EsportsGame, GameAccountStatus, GameAccountsTable } from '../../db/schema'
import { type Executor, withTx } from '../../db/tx'
import { ESPORTS_GAMES, gameOfKind } from '../../domain/esports/rules'
import { AppError, conflict, invalid, notFound } from '../../http/errors'
import type { Page } from '../../http/paging'
import { visibleContest } from '../contests'
import { notify } from '../notifications'
import { type Caller, userRefOr, userRefsById } from './core'

/**
 * Game accounts (docs/esports.md, "Game accounts"): one per player per game, `character_id`
 * unique per game, verified by an admin before the player may join that game's contests.
 */
export type GameAccountRow = Selectable<GameAccountsTable>

export function gameAccountJson(row: GameAccountRow) {
  return {
    id: row.id,
    slug: row.game,
    game_name: ESPORTS_GAMES[row.game]?.name ?? row.game,
    in_game_name: row.in_game_name,
    character_id: row.character_id,
    game_level: row.game_level,
    status: row.status,
    reject_reason: row.reject_reason,
    created_at_in_millis: Number(row.created_at_ms),
    updated_at_in_millis: Number(row.updated_at_ms),
  }
}

export type GameAccountJson = ReturnType<typeof gameAccountJson>

/** The order every list of one player's accounts uses: the games' order (PUBG, Free Fire, Call of Duty). */
const GAME_ORDER = Object.keys(ESPORTS_GAMES)
const byGame = (a: GameAccountRow, b: GameAccountRow) =>
  GAME_ORDER.indexOf(a.game) - GAME_ORDER.indexOf(b.game)

/** A player's accounts (all games), for GET /api/game_accounts and Me: one query. */
export async function gameAccountsOf(
  db: Executor,
  userId: number,
  game?: EsportsGame,
): Promise<GameAccountJson[]> {
  let query = db.selectFrom('game_accounts').selectAll().where('user_id', '=', userId)
  if (game) query = query.where('game', '=', game)
  const rows = await query.execute()
  return rows.sort(byGame).map(gameAccountJson)
}

/** Mine, or only the one for an esports contest's game (the contest must be visible, else 404). */
export async function myGameAccounts(deps: Deps, caller: Caller, contestId?: number) {
  if (contestId === undefined) return gameAccountsOf(deps.db, caller.id)
  const contest = await visibleContest(deps.db, 'esports_contest', contestId, caller)
  return gameAccountsOf(deps.db, caller.id, gameOfKind(contest.kind))
}

const characterTaken = () => invalid({ character_id: ['is already used by another account for this game'] })
const alreadyHave = (game: EsportsGame) =>
  conflict(`You already have a ${ESPORTS_GAMES[game].name} account: edit it instead`)

async function characterIdUsed(db: Executor, game: EsportsGame, characterId: string, exceptId?: number) {
  let query = db
    .selectFrom('game_accounts')
    .select('id')
    .where('game', '=', game)
    .where('character_id', '=', characterId)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

/**
 * The unique indexes decide a race the checks could not see (two players adding the same
 * character id at once): the loser gets the same answer as one that came second.
 */
function raceAnswer(error: unknown, game: EsportsGame): unknown {
  if (isUniqueViolation(error, 'character_id')) return characterTaken()
  if (isUniqueViolation(error, 'user_id')) return alreadyHave(game)
  return error
}

export interface NewGameAccount {
  slug: EsportsGame
  in_game_name: string
  character_id: string
  game_level: number
}

export async function createGameAccount(deps: Deps, userId: number, input: NewGameAccount) {
  try {
    return await withTx(deps, async (tx) => {
      // The player first: two adds of one game take turns, and the second finds the first.
      await lockRows(tx, 'users', userId)
      const mine = await tx
        .selectFrom('game_accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('game', '=', input.slug)
        .executeTakeFirst()
      if (mine) throw alreadyHave(input.slug)
      if (await characterIdUsed(tx, input.slug, input.character_id)) throw characterTaken()
      const now = deps.clock.now()
      return tx
        .insertInto('game_accounts')
        .values({
          user_id: userId,
          game: input.slug,
          in_game_name: input.in_game_name,
          character_id: input.character_id,
          game_level: input.game_level,
          status: 'pending',
          created_at_ms: now,
          updated_at_ms: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  } catch (error) {
    throw raceAnswer(error, input.slug)
  }
}

export interface GameAccountChange {
  in_game_name?: string
  character_id?: string
  game_level?: number
}

/**
 * The owner edits their account. A rejected account goes back to pending on any change; a
 * verified one when its `character_id` or `game_level` changes (what the admin checked); a
 * new in-game name alone keeps it verified. Unchanged values change nothing.
 */
export async function updateGameAccount(deps: Deps, userId: number, id: number, change: GameAccountChange) {
  let game: EsportsGame | undefined
  try {
    return await withTx(deps, async (tx) => {
      const owner = await tx
        .selectFrom('game_accounts')
        .select('user_id')
        .where('id', '=', id)
        .executeTakeFirst()
      if (!owner || owner.user_id !== userId) throw notFound('Game account')
      await lockRows(tx, 'users', userId)
      await lockRows(tx, 'game_accounts', id)
      const row = await tx
        .selectFrom('game_accounts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      game = row.game
      const next = {
        in_game_name: change.in_game_name ?? row.in_game_name,
        character_id: change.character_id ?? row.character_id,
        game_level: change.game_level ?? row.game_level,
      }
      const nameChanged = next.in_game_name !== row.in_game_name
      const checkedChanged = next.character_id !== row.character_id || next.game_level !== row.game_level
      if (!nameChanged && !checkedChanged) return row
      if (
        next.character_id !== row.character_id &&
        (await characterIdUsed(tx, row.game, next.character_id, id))
      )
        throw characterTaken()
      const backToPending = row.status === 'rejected' || (row.status === 'verified' && checkedChanged)
      return tx
        .updateTable('game_accounts')
        .set({
          ...next,
          ...(backToPending
            ? { status: 'pending', reject_reason: null, reviewed_by_id: null, reviewed_at_ms: null }
            : {}),
          updated_at_ms: deps.clock.now(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  } catch (error) {
    throw game ? raceAnswer(error, game) : error
  }
}

/** Someone's verified accounts by part of the in-game name or the username (any case). */
export function searchQuery(db: Executor, filter: { slug?: EsportsGame; search?: string }) {
  let query = db
    .selectFrom('game_accounts as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .where('g.status', '=', 'verified')
    .where('u.status', '=', 'active')
  if (filter.slug) query = query.where('g.game', '=', filter.slug)
  const text = filter.search
  if (text)
    query = query.where((eb) =>
      eb.or([containsText('g.in_game_name', text), containsText('u.username', text)]),
    )
  return query
}

export async function searchGameAccounts(
  db: Executor,
  filter: { slug?: EsportsGame; search?: string },
  page: Page,
) {
  const query = searchQuery(db, filter)
  const total = await countRows(query)
  const rows = await query
    .select(['g.id', 'g.game', 'g.in_game_name', 'g.game_level', 'u.id as user_id', 'u.slug', 'u.username'])
    .orderBy('g.in_game_name')
    .orderBy('g.id')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  return {
    total,
    game_accounts: rows.map((r) => ({
      id: r.id,
      slug: r.game,
      game_name: ESPORTS_GAMES[r.game]?.name ?? r.game,
      in_game_name: r.in_game_name,
      game_level: r.game_level,
      status: 'verified' as const,
      user: { id: r.user_id, slug: r.slug, username: r.username },
    })),
  }
}

// ---- Admin ----------------------------------------------------------------------------------

export type AdminStatusFilter = GameAccountStatus | 'all'

function adminQuery(db: Executor, status: AdminStatusFilter) {
  let query = db.selectFrom('game_accounts')
  if (status !== 'all') query = query.where('status', '=', status)
  return query
}

async function adminJson(db: Executor, rows: GameAccountRow[]) {
  const ids = [
    ...new Set(rows.flatMap((r) => (r.reviewed_by_id ? [r.user_id, r.reviewed_by_id] : [r.user_id]))),
  ]
  const refs = await userRefsById(db, ids)
  const ref = (id: number) => userRefOr(refs, id)
  return rows.map((r) => ({
    ...gameAccountJson(r),
    user: ref(r.user_id),
    reviewed_by: r.reviewed_by_id ? ref(r.reviewed_by_id) : null,
    reviewed_at_in_millis: r.reviewed_at_ms === null ? null : Number(r.reviewed_at_ms),
  }))
}

/** The review queue: pending oldest first (the order to work it in); other statuses newest first. */
export async function adminGameAccounts(db: Executor, status: AdminStatusFilter, page: Page) {
  const total = await countRows(adminQuery(db, status))
  const rows = await adminQuery(db, status)
    .selectAll()
    .orderBy('id', status === 'pending' ? 'asc' : 'desc')
    .limit(page.per_page)
    .offset(page.offset)
    .execute()
  return { total, game_accounts: await adminJson(db, rows) }
}

/** An admin verifies or rejects a pending account; the owner is notified. Decided already → 409. */
export async function reviewGameAccount(
  deps: Deps,
  adminId: number,
  id: number,
  decision: { verify: true } | { verify: false; reason: string },
) {
  const row = await withTx(deps, async (tx, after) => {
    const owner = await tx
      .selectFrom('game_accounts')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!owner) throw notFound('Game account')
    // The owner, then the account: the same order as the owner's edit, so a review and an
    // edit take turns and neither decides on what the other is changing.
    await lockRows(tx, 'users', owner.user_id)
    await lockRows(tx, 'game_accounts', id)
    const current = await tx
      .selectFrom('game_accounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    if (current.status !== 'pending')
      throw new AppError('CONFLICT', `This game account is already ${current.status}`)
    const now = deps.clock.now()
    const updated = await tx
      .updateTable('game_accounts')
      .set({
        status: decision.verify ? 'verified' : 'rejected',
        reject_reason: decision.verify ? null : decision.reason,
        reviewed_by_id: adminId,
        reviewed_at_ms: now,
        updated_at_ms: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const game = ESPORTS_GAMES[current.game].name
    await notify(
      tx,
      after,
      current.user_id,
      decision.verify
        ? {
            kind: 'game_account_verified',
            body: `Your ${game} account ${current.in_game_name} is verified: you can join ${game} contests.`,
            data: { game_account_id: id, game: current.game, path: '/profile/settings' },
          }
        : {
            kind: 'game_account_rejected',
            body: `Your ${game} account ${current.in_game_name} was not verified: ${decision.reason}`,
            data: { game_account_id: id, game: current.game, path: '/profile/settings' },
          },
      now,
    )
    return updated
  })
  const [json] = await adminJson(deps.db, [row])
  if (!json) throw notFound('Game account')
  return json
}
