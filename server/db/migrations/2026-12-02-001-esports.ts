import { type Kysely, sql } from 'kysely'
import { index, isPostgres, notNull, timestamps, uniqueIndex, withId, zero } from './helpers'

// Frozen once merged (docs/esports.md): esports contests that players play themselves
// in the game's custom rooms — game accounts, contests (one room each), squads and their
// members, results (every version kept: corrections re-rank and adjust payouts), and PUBG
// tournaments of rounds whose lobbies are contests of their own, squads seeded into slots.

export async function up(db: Kysely<any>): Promise<void> {
  // One account per player per game; character_id unique per game. `game` is the account's
  // game slug (pubg | free-fire | call-of-duty), shown as `slug` (spec §3 Game account).
  await withId(db, db.schema.createTable('game_accounts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('game', 'text', notNull)
    .addColumn('in_game_name', 'text', notNull)
    .addColumn('character_id', 'text', notNull)
    .addColumn('game_level', 'integer', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reject_reason', 'text')
    .addColumn('reviewed_by_id', 'integer', (c) => c.references('users.id'))
    .addColumn('reviewed_at_ms', 'bigint')
    .$call(timestamps)
    .execute()
  await uniqueIndex(db, 'game_accounts_user_game', 'game_accounts', ['user_id', 'game'])
  await uniqueIndex(db, 'game_accounts_game_character', 'game_accounts', ['game', 'character_id'])
  await index(db, 'game_accounts_status', 'game_accounts', ['status', 'id'])

  // Tournaments first: a round's lobbies are contests that point back at their round.
  await withId(db, db.schema.createTable('esports_tournaments'))
    .addColumn('name', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('mode', 'text', notNull)
    .addColumn('team_size', 'integer', notNull)
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('registration'))
    .addColumn('squads_limit', 'integer', notNull)
    .addColumn('squads_count', 'integer', zero)
    .addColumn('rounds_count', 'integer', notNull)
    .addColumn('current_round', 'integer', zero)
    .addColumn('seed', 'integer', notNull)
    .addColumn('created_by_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('registration_closes_at_ms', 'bigint', notNull)
    .addColumn('created_at_ms', 'bigint', notNull)
    .addColumn('completed_at_ms', 'bigint')
    .execute()

  await withId(db, db.schema.createTable('esports_rounds'))
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('esports_tournaments.id'))
    .addColumn('number', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('lobby_size', 'integer', notNull)
    .addColumn('lobbies_count', 'integer', zero)
    // top_per_lobby | top_overall; qualify_count squads go on (0 on the final round).
    .addColumn('qualify_rule', 'text', notNull)
    .addColumn('qualify_count', 'integer', notNull)
    .addColumn('starts_at_ms', 'bigint', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('seeded_at_ms', 'bigint')
    .addColumn('completed_at_ms', 'bigint')
    .execute()
  await uniqueIndex(db, 'esports_rounds_tournament_number', 'esports_rounds', ['tournament_id', 'number'])

  // One custom room. kind: pubg | pubg-lite | pubg-single-match | free-fire | call-of-duty;
  // mode: solo | duo | squad. Money in paise; prize_percents is a PercentRange[] JSON (placement
  // share of what the kills leave of the pool).
  await withId(db, db.schema.createTable('esports_contests'))
    .addColumn('kind', 'text', notNull)
    .addColumn('game', 'text', notNull)
    .addColumn('mode', 'text', notNull)
    .addColumn('team_size', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('map', 'text')
    .addColumn('host_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('entry_fee_paise', 'integer', zero)
    .addColumn('rake_bps', 'integer', zero)
    .addColumn('per_kill_paise', 'integer', zero)
    .addColumn('prize_percents', 'text', notNull)
    .addColumn('slots', 'integer', notNull)
    .addColumn('squads_count', 'integer', zero)
    .addColumn('members_count', 'integer', zero)
    .addColumn('min_level', 'integer', zero)
    .addColumn('is_private', 'integer', zero)
    .addColumn('invite_code', 'text', notNull)
    .addColumn('starts_at_ms', 'bigint', notNull)
    .addColumn('reveal_minutes', 'integer', notNull)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('status_reason', 'text')
    .addColumn('room_id', 'text')
    .addColumn('room_password', 'text')
    .addColumn('room_set_at_ms', 'bigint')
    .addColumn('revealed_at_ms', 'bigint')
    .addColumn('locked_at_ms', 'bigint')
    .addColumn('results_version', 'integer', zero)
    .addColumn('settled_at_ms', 'bigint')
    .addColumn('round_id', 'integer', (c) => c.references('esports_rounds.id'))
    .addColumn('lobby_no', 'integer')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  // Esports contest ids start above a million, so /contests/{id} names one contest whichever
  // table it is in (daily contests count up from 1; a local league never reaches a million).
  if (isPostgres(db)) await sql`alter sequence esports_contests_id_seq restart with 1000001`.execute(db)
  else await sql`insert into sqlite_sequence (name, seq) values ('esports_contests', 1000000)`.execute(db)
  await uniqueIndex(db, 'esports_contests_invite', 'esports_contests', ['invite_code'])
  await index(db, 'esports_contests_list', 'esports_contests', ['game', 'status', 'starts_at_ms'])
  await index(db, 'esports_contests_round', 'esports_contests', ['round_id', 'lobby_no'])

  // A squad in one contest (solo: a squad of one). Placement, kills and points are the current
  // results version's; prize_paise what the squad won under it.
  await withId(db, db.schema.createTable('esports_squads'))
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('esports_contests.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('captain_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('invite_code', 'text', notNull)
    .addColumn('slot_no', 'integer', notNull)
    .addColumn('members_count', 'integer', zero)
    .addColumn('tournament_squad_id', 'integer')
    .addColumn('placement', 'integer')
    .addColumn('kills', 'integer')
    .addColumn('points', 'integer')
    .addColumn('rank', 'integer')
    .addColumn('prize_paise', 'integer', zero)
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await uniqueIndex(db, 'esports_squads_invite', 'esports_squads', ['invite_code'])
  await uniqueIndex(db, 'esports_squads_contest_slot', 'esports_squads', ['contest_id', 'slot_no'])

  await withId(db, db.schema.createTable('esports_members'))
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('esports_contests.id'))
    .addColumn('squad_id', 'integer', (c) => c.notNull().references('esports_squads.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('game_account_id', 'integer', (c) => c.notNull().references('game_accounts.id'))
    // Snapshots of the account at join (what the host sees in the room), editable until lock.
    .addColumn('in_game_name', 'text', notNull)
    .addColumn('character_id', 'text', notNull)
    .addColumn('position', 'integer', notNull)
    .addColumn('entry_fee_paise', 'integer', zero)
    .addColumn('kills', 'integer')
    .addColumn('prize_paise', 'integer', zero)
    .addColumn('refunded', 'integer', zero)
    .addColumn('joined_at_ms', 'bigint', notNull)
    .execute()
  await uniqueIndex(db, 'esports_members_contest_user', 'esports_members', ['contest_id', 'user_id'])
  await index(db, 'esports_members_squad', 'esports_members', ['squad_id', 'position'])
  await index(db, 'esports_members_user', 'esports_members', ['user_id', 'contest_id'])

  // Every results version of a contest as entered (host, admin or simulator): JSON rows
  // [{squad_id, placement, kills}]. The current one is esports_contests.results_version.
  await withId(db, db.schema.createTable('esports_results'))
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('esports_contests.id'))
    .addColumn('version', 'integer', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('entered_by_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('results', 'text', notNull)
    .addColumn('note', 'text')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await uniqueIndex(db, 'esports_results_contest_version', 'esports_results', ['contest_id', 'version'])

  // A squad registered for a tournament, and its players.
  await withId(db, db.schema.createTable('esports_tournament_squads'))
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('esports_tournaments.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('captain_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('invite_code', 'text', notNull)
    .addColumn('members_count', 'integer', zero)
    .addColumn('eliminated_in_round', 'integer')
    .addColumn('created_at_ms', 'bigint', notNull)
    .execute()
  await uniqueIndex(db, 'esports_tournament_squads_invite', 'esports_tournament_squads', ['invite_code'])
  await uniqueIndex(db, 'esports_tournament_squads_tournament_name', 'esports_tournament_squads', [
    'tournament_id',
    'name',
  ])

  await withId(db, db.schema.createTable('esports_tournament_members'))
    .addColumn('tournament_id', 'integer', (c) => c.notNull().references('esports_tournaments.id'))
    .addColumn('tournament_squad_id', 'integer', (c) =>
      c.notNull().references('esports_tournament_squads.id'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('game_account_id', 'integer', (c) => c.notNull().references('game_accounts.id'))
    .addColumn('joined_at_ms', 'bigint', notNull)
    .execute()
  await uniqueIndex(db, 'esports_tournament_members_user', 'esports_tournament_members', [
    'tournament_id',
    'user_id',
  ])

  // A squad's slot in one round: which lobby (contest) and which slot number, and how it did.
  await withId(db, db.schema.createTable('esports_slots'))
    .addColumn('round_id', 'integer', (c) => c.notNull().references('esports_rounds.id'))
    .addColumn('tournament_squad_id', 'integer', (c) =>
      c.notNull().references('esports_tournament_squads.id'),
    )
    .addColumn('contest_id', 'integer', (c) => c.notNull().references('esports_contests.id'))
    .addColumn('lobby_no', 'integer', notNull)
    .addColumn('slot_no', 'integer', notNull)
    .addColumn('seed_no', 'integer', notNull)
    .addColumn('points', 'integer')
    .addColumn('kills', 'integer')
    .addColumn('placement', 'integer')
    .addColumn('rank', 'integer')
    .addColumn('qualified', 'integer', zero)
    .execute()
  await uniqueIndex(db, 'esports_slots_round_squad', 'esports_slots', ['round_id', 'tournament_squad_id'])
  await uniqueIndex(db, 'esports_slots_round_lobby', 'esports_slots', ['round_id', 'lobby_no', 'slot_no'])
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'esports_slots',
    'esports_tournament_members',
    'esports_tournament_squads',
    'esports_results',
    'esports_members',
    'esports_squads',
    'esports_contests',
    'esports_rounds',
    'esports_tournaments',
    'game_accounts',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
