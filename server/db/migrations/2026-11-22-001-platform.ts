import type { Kysely } from 'kysely'
import { index, notNull, timestamps, withId, zero } from './helpers'

// Frozen: the platform tables (settings, users, tokens, outbox, notifications, follows,
// avatars, ledger, scheduler) and the sports catalogue the demo league is seeded into.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', notNull)
    .addColumn('updated_at_ms', 'bigint', notNull)
    .execute()

  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('avatars'))
    .addColumn('name', 'text', notNull)
    .addColumn('url', 'text', notNull)
    .addColumn('sort', 'integer', zero)
    .execute()

  await withId(db, db.schema.createTable('users'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', notNull)
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('full_name', 'text')
    .addColumn('team_name', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('player'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('email_verified_at_ms', 'bigint')
    .addColumn('mobile_no', 'text')
    .addColumn('mobile_approved', 'integer', zero)
    .addColumn('pancard_status', 'text', (c) => c.notNull().defaultTo('not_submitted'))
    .addColumn('dob', 'text')
    .addColumn('about_me', 'text')
    .addColumn('avatar_id', 'integer', (c) => c.references('avatars.id'))
    .addColumn('image_url', 'text')
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('xp_points', 'integer', zero)
    .addColumn('interests', 'text', (c) => c.notNull().defaultTo('[]'))
    .$call(timestamps)
    .execute()

  await withId(db, db.schema.createTable('user_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', notNull)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at_ms', 'bigint', notNull)
    .addColumn('used_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('oauth_access_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id'))
    .addColumn('family_id', 'text', notNull)
    .addColumn('expires_at_ms', 'bigint', notNull)
    .addColumn('revoked_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'oauth_access_tokens_family', 'oauth_access_tokens', ['family_id'])

  await withId(db, db.schema.createTable('oauth_refresh_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id'))
    .addColumn('family_id', 'text', notNull)
    .addColumn('parent_id', 'integer')
    .addColumn('expires_at_ms', 'bigint', notNull)
    .addColumn('used_at_ms', 'bigint')
    .addColumn('revoked_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'oauth_refresh_tokens_family', 'oauth_refresh_tokens', ['family_id'])

  await withId(db, db.schema.createTable('outbox_messages'))
    .addColumn('to_address', 'text', notNull)
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email'))
    .addColumn('subject', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'outbox_messages_to', 'outbox_messages', ['to_address'])

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('read_at_ms', 'bigint')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'notifications_user', 'notifications', ['user_id', 'id'])

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at_ms', 'bigint', notNull)
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute()
  await index(db, 'follows_followee', 'follows', ['followee_id'])

  // Ledger: immutable double-entry postings. Amounts are integer paise (INR) or whole coins (COIN).
  await withId(db, db.schema.createTable('ledger_accounts'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('kind', 'text', notNull)
    .addColumn('currency', 'text', notNull)
    .addColumn('balance', 'bigint', zero)
    .addColumn('allow_negative', 'integer', zero)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'ledger_accounts_user', 'ledger_accounts', ['user_id', 'kind'])

  await withId(db, db.schema.createTable('ledger_transactions'))
    .addColumn('kind', 'text', notNull)
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('memo', 'text')
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('ledger_entries'))
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', notNull)
    .addColumn('balance_after', 'bigint', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'ledger_entries_account', 'ledger_entries', ['account_id', 'id'])
  await index(db, 'ledger_entries_tx', 'ledger_entries', ['transaction_id'])

  await withId(db, db.schema.createTable('scheduled_jobs'))
    .addColumn('kind', 'text', notNull)
    .addColumn('run_at_ms', 'bigint', notNull)
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('unique_key', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', zero)
    .addColumn('last_error', 'text')
    .addColumn('created_at_ms', 'bigint', notNull)
    .addColumn('done_at_ms', 'bigint')
    .execute()
  await index(db, 'scheduled_jobs_due', 'scheduled_jobs', ['status', 'run_at_ms', 'id'])

  // Sports catalogue: the sides, players, series, phases and matches of the demo league.
  await withId(db, db.schema.createTable('sports'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('team_size', 'integer', notNull)
    .addColumn('sort', 'integer', zero)
    .execute()

  await withId(db, db.schema.createTable('real_teams'))
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('sports.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_attr', 'text', notNull)
    .addColumn('team_color', 'text', notNull)
    .addColumn('country', 'text')
    .execute()

  await withId(db, db.schema.createTable('players'))
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('sports.id'))
    .addColumn('real_team_id', 'integer', (c) => c.notNull().references('real_teams.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('display_name', 'text', notNull)
    .addColumn('style', 'integer', notNull)
    .addColumn('value_tenths', 'integer', notNull)
    .addColumn('country', 'text')
    .addColumn('is_star', 'integer', zero)
    .addColumn('last_series_score', 'integer', zero)
    .execute()
  await index(db, 'players_team', 'players', ['real_team_id'])
  await index(db, 'players_sport_name', 'players', ['sport_id', 'name'])

  await withId(db, db.schema.createTable('series'))
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('sports.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('short_name', 'text', notNull)
    .addColumn('format', 'text')
    .addColumn('status', 'text', notNull)
    .addColumn('starts_at_ms', 'bigint', notNull)
    .addColumn('ends_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('series_phases'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('phase_no', 'integer', notNull)
    .addColumn('starts_at_ms', 'bigint', notNull)
    .addColumn('ends_at_ms', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('matches'))
    .addColumn('sport_id', 'integer', (c) => c.notNull().references('sports.id'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id'))
    .addColumn('phase_id', 'integer', (c) => c.references('series_phases.id'))
    .addColumn('match_no', 'integer', notNull)
    .addColumn('match_stage', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('format', 'text')
    .addColumn('venue_name', 'text')
    .addColumn('venue_location', 'text')
    .addColumn('venue_country', 'text')
    .addColumn('team1_id', 'integer', (c) => c.references('real_teams.id'))
    .addColumn('team2_id', 'integer', (c) => c.references('real_teams.id'))
    .addColumn('event_time_ms', 'bigint', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('result_text', 'text')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await index(db, 'matches_sport_time', 'matches', ['sport_id', 'event_time_ms'])
  await index(db, 'matches_series', 'matches', ['series_id'])

  await db.schema
    .createTable('match_teams')
    .addColumn('match_id', 'integer', (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('real_team_id', 'integer', (c) => c.notNull().references('real_teams.id'))
    .addColumn('slot', 'integer', notNull)
    .addPrimaryKeyConstraint('match_teams_pk', ['match_id', 'real_team_id'])
    .execute()

  await db.schema
    .createTable('match_players')
    .addColumn('match_id', 'integer', (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (c) => c.notNull().references('players.id'))
    .addColumn('real_team_id', 'integer', (c) => c.notNull().references('real_teams.id'))
    .addColumn('value_tenths', 'integer', notNull)
    .addColumn('in_lineup', 'integer')
    .addPrimaryKeyConstraint('match_players_pk', ['match_id', 'player_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'match_players',
    'match_teams',
    'matches',
    'series_phases',
    'series',
    'players',
    'real_teams',
    'sports',
    'scheduled_jobs',
    'ledger_entries',
    'ledger_transactions',
    'ledger_accounts',
    'follows',
    'notifications',
    'outbox_messages',
    'oauth_refresh_tokens',
    'oauth_access_tokens',
    'user_tokens',
    'users',
    'avatars',
    'oauth_clients',
    'app_settings',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
