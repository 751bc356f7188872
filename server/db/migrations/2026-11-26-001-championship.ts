import type { Kysely } from 'kysely'
import { index, notNull, pickedTeam, timestamps, withId, zero } from './helpers'

// Frozen. Championship (docs/championship.md): one classic team per user per series
// phase, a snapshot of it per phase match taken when the match locks (the row that match
// scores, with the transfers that lock counted and charged), and the phase's prizes.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('classic_teams'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('phase_id', 'integer', (c) => c.notNull().references('series_phases.id'))
    .$call(pickedTeam)
    .addColumn('budget_used_tenths', 'integer', notNull)
    .addColumn('score_x2', 'integer', zero)
    .addColumn('rank', 'integer')
    .addColumn('first_locked_match_id', 'integer', (c) => c.references('matches.id'))
    .$call(timestamps)
    .addUniqueConstraint('classic_teams_user_phase', ['user_id', 'phase_id'])
    .execute()
  await index(db, 'classic_teams_phase_score', 'classic_teams', ['phase_id', 'score_x2'])

  await withId(db, db.schema.createTable('classic_team_scores'))
    .addColumn('classic_team_id', 'integer', (c) => c.notNull().references('classic_teams.id'))
    .addColumn('phase_id', 'integer', (c) => c.notNull().references('series_phases.id'))
    .addColumn('match_id', 'integer', (c) => c.notNull().references('matches.id'))
    .$call(pickedTeam)
    .addColumn('score_x2', 'integer', zero)
    .addColumn('players_scores', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('player_in', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('player_out', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('free_sub_used', 'integer', zero)
    .addColumn('paid_sub_used', 'integer', zero)
    .addColumn('paid_charged_paise', 'bigint', zero)
    .addColumn('free_left', 'integer', zero)
    .addColumn('created_at_ms', 'bigint', notNull)
    .addUniqueConstraint('classic_team_scores_team_match', ['classic_team_id', 'match_id'])
    .execute()
  await index(db, 'classic_team_scores_match', 'classic_team_scores', ['match_id'])

  await db.schema
    .alterTable('series_phases')
    .addColumn('prizes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema.alterTable('series_phases').addColumn('prizes_paid_at_ms', 'bigint').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('series_phases').dropColumn('prizes_paid_at_ms').execute()
  await db.schema.alterTable('series_phases').dropColumn('prizes').execute()
  await db.schema.dropTable('classic_team_scores').execute()
  await db.schema.dropTable('classic_teams').execute()
}
