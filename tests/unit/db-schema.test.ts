import { describe, expect, it } from 'vitest'
import { migrateDownAll, migrateToLatest, pendingMigrations } from '../../server/db/migrate'
// The hand-written Database interface must match what the migrations create. The column
// lists below are the interface's keys (kept in step by the compiler through `satisfies`).
import type { Database } from '../../server/db/schema'
import { testWorld } from '../helpers/deps'

const EXPECTED: { [T in keyof Database]: Array<keyof Database[T]> } = {
  app_settings: ['key', 'value', 'updated_at_ms'],
  oauth_clients: ['id', 'name', 'created_at_ms'],
  avatars: ['id', 'name', 'url', 'sort'],
  users: [
    'id',
    'slug',
    'username',
    'username_key',
    'email',
    'password_hash',
    'full_name',
    'team_name',
    'role',
    'status',
    'email_verified_at_ms',
    'mobile_no',
    'mobile_approved',
    'pancard_status',
    'dob',
    'about_me',
    'avatar_id',
    'image_url',
    'reference',
    'referred_by_id',
    'xp_points',
    'interests',
    'created_at_ms',
    'updated_at_ms',
  ],
  user_tokens: ['id', 'user_id', 'purpose', 'token_hash', 'expires_at_ms', 'used_at_ms', 'created_at_ms'],
  oauth_access_tokens: [
    'id',
    'token_hash',
    'user_id',
    'client_id',
    'family_id',
    'expires_at_ms',
    'revoked_at_ms',
    'created_at_ms',
  ],
  oauth_refresh_tokens: [
    'id',
    'token_hash',
    'user_id',
    'client_id',
    'family_id',
    'parent_id',
    'expires_at_ms',
    'used_at_ms',
    'revoked_at_ms',
    'created_at_ms',
  ],
  outbox_messages: ['id', 'to_address', 'channel', 'subject', 'body', 'created_at_ms'],
  notifications: ['id', 'user_id', 'kind', 'body', 'data', 'read_at_ms', 'created_at_ms'],
  follows: ['follower_id', 'followee_id', 'created_at_ms'],
  ledger_accounts: [
    'id',
    'code',
    'user_id',
    'kind',
    'currency',
    'balance',
    'allow_negative',
    'created_at_ms',
  ],
  ledger_transactions: ['id', 'kind', 'idempotency_key', 'memo', 'meta', 'created_at_ms'],
  ledger_entries: ['id', 'transaction_id', 'account_id', 'amount', 'balance_after', 'created_at_ms'],
  scheduled_jobs: [
    'id',
    'kind',
    'run_at_ms',
    'payload',
    'unique_key',
    'status',
    'attempts',
    'last_error',
    'created_at_ms',
    'done_at_ms',
  ],
  sports: ['id', 'slug', 'name', 'kind', 'team_size', 'sort'],
  real_teams: ['id', 'sport_id', 'name', 'name_attr', 'team_color', 'country'],
  players: [
    'id',
    'sport_id',
    'real_team_id',
    'name',
    'display_name',
    'style',
    'value_tenths',
    'country',
    'is_star',
    'last_series_score',
  ],
  series: ['id', 'sport_id', 'name', 'short_name', 'format', 'status', 'starts_at_ms', 'ends_at_ms'],
  series_phases: ['id', 'series_id', 'name', 'phase_no', 'starts_at_ms', 'ends_at_ms'],
  matches: [
    'id',
    'sport_id',
    'series_id',
    'phase_id',
    'match_no',
    'match_stage',
    'title',
    'format',
    'venue_name',
    'venue_location',
    'venue_country',
    'team1_id',
    'team2_id',
    'event_time_ms',
    'status',
    'result_text',
    'created_at_ms',
    'score_summary',
    'locked_at_ms',
    'completed_at_ms',
    'settled_at_ms',
    'sim_mode',
    'player_of_the_match_id',
  ],
  match_teams: ['match_id', 'real_team_id', 'slot'],
  match_players: ['match_id', 'player_id', 'real_team_id', 'value_tenths', 'in_lineup'],
  user_teams: [
    'id',
    'user_id',
    'match_id',
    'team_no',
    'player_ids',
    'captain_id',
    'vice_captain_id',
    'budget_used_tenths',
    'created_at_ms',
    'updated_at_ms',
  ],
  contests: [
    'id',
    'match_id',
    'name',
    'kind',
    'entry_fee_paise',
    'members_limit',
    'max_entries',
    'guaranteed',
    'rake_bps',
    'prize_pool_paise',
    'prize_structure',
    'winner_count',
    'members_count',
    'status',
    'invite_code',
    'created_by_id',
    'sort',
    'status_reason',
    'created_at_ms',
    'settled_at_ms',
  ],
  contest_members: [
    'id',
    'contest_id',
    'user_id',
    'user_team_id',
    'entry_fee_paise',
    'points_x2',
    'rank',
    'prize_paise',
    'refunded',
    'joined_at_ms',
  ],
  match_events: ['id', 'match_id', 'seq', 'type', 'payload', 'at_ms', 'created_at_ms'],
  player_match_scores: ['match_id', 'player_id', 'total_score', 'stats', 'breakdown', 'updated_at_ms'],
  contest_likes: ['contest_id', 'user_id', 'created_at_ms'],
  auctions: [
    'id',
    'owner_id',
    'kind',
    'name',
    'code',
    'sport_id',
    'series_id',
    'match_id',
    'status',
    'purse',
    'squad_min',
    'squad_max',
    'max_stars',
    'balanced',
    'lot_seconds',
    'bidding_interval',
    'charges',
    'is_private',
    'starts_at_ms',
    'seed',
    'seq',
    'state',
    'started_at_ms',
    'completed_at_ms',
    'created_at_ms',
    'updated_at_ms',
    'window_hours',
    'max_managers',
    'takeover_seconds',
  ],
  auction_managers: [
    'id',
    'auction_id',
    'user_id',
    'franchise_name',
    'color',
    'status',
    'charge_coins',
    'bot_strategy',
    'joined_at_ms',
    'decided_at_ms',
    'autopilot',
  ],
  auction_events: ['id', 'auction_id', 'seq', 'type', 'payload', 'at_ms'],
}

describe('database schema', () => {
  it('has exactly the tables and columns the code declares', async () => {
    const world = await testWorld()
    const tables = await world.deps.db.introspection.getTables()
    const actual = Object.fromEntries(tables.map((t) => [t.name, t.columns.map((c) => c.name).sort()]))
    const expected = Object.fromEntries(
      Object.entries(EXPECTED).map(([t, cols]) => [t, [...(cols as string[])].sort()]),
    )
    expect(actual).toEqual(expected)
    await world.close()
  })

  it('opens SQLite with WAL-safe pragmas: FULL sync and foreign keys on', async () => {
    const world = await testWorld()
    const sqlite = world.deps.dbHandle.sqlite!
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2)
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    await world.close()
  })

  it('migrates down to nothing and back up again', async () => {
    const world = await testWorld()
    const db = world.deps.db
    expect(await pendingMigrations(db)).toEqual([])
    const down = await migrateDownAll(db)
    expect(down.length).toBeGreaterThan(0)
    expect((await db.introspection.getTables()).length).toBe(0)
    expect(await migrateToLatest(db)).toEqual(down.reverse())
    await world.close()
  })
})
