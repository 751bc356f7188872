import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { answerCacheStats } from '../../../server/http/answer-cache'
import { heardSoFar, hearingChanges } from '../../helpers/changes'
import { apiWorld } from '../../helpers/world'

/**
 * How the per-table change versions (db/table-changes.ts) learn of writes the plain path does
 * not show: a rolled-back transaction, raw statements on the server's own SQLite connection,
 * a lost LISTEN connection on PostgreSQL, and a table without its notify trigger.
 */
const ctx = apiWorld({ league: true })

const teamName = async (token: string) => (await ctx.api.get('/api/me', token)).body.user.team_name

describe('per-table change versions', () => {
  it('count a rolled-back transaction, and hear the writes after it', async () => {
    const deps = ctx.world.deps
    const player = await ctx.api.player()
    await hearingChanges(deps)
    const name = await teamName(player.token)
    const failed = deps.db.transaction().execute(async (tx) => {
      await sql`update users set team_name = ${'Undone'} where id = ${player.id}`.execute(tx)
      throw new Error('roll back')
    })
    await expect(failed).rejects.toThrow('roll back')
    expect(await teamName(player.token)).toBe(name)
    // The connection left its transaction: a plain write after it is reported at once.
    await deps.db
      .updateTable('users')
      .set({ team_name: 'After Rollback' })
      .where('id', '=', player.id)
      .execute()
    await heardSoFar(deps)
    expect(await teamName(player.token)).toBe('After Rollback')
  })

  it('SQLite: a raw statement on the server’s own connection, outside Kysely, changes everything', async () => {
    const { sqlite } = ctx.world.deps.dbHandle
    if (!sqlite) return
    const player = await ctx.api.player()
    await teamName(player.token)
    await teamName(player.token)
    sqlite.prepare('update users set team_name = ? where id = ?').run('Raw Handle', player.id)
    expect(await teamName(player.token)).toBe('Raw Handle')
  })

  it('PostgreSQL: nothing is served while not listening, and everything changed once listening again', async () => {
    const deps = ctx.world.deps
    const url = deps.config.databaseUrl
    if (!url) return
    const player = await ctx.api.player()
    await hearingChanges(deps)
    await teamName(player.token)
    await teamName(player.token)
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    try {
      // Cut this process's LISTEN connection, as a restart of PostgreSQL or a network cut would.
      await other.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      )
      for (let i = 0; deps.dbHandle.changes.hearing; i++) {
        if (i > 300) throw new Error('the lost LISTEN connection went unnoticed')
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      const before = answerCacheStats(deps)
      // Committed while nobody listens: its notification is lost.
      await other.query('update users set team_name = $1 where id = $2', ['Unheard', player.id])
      expect(await teamName(player.token)).toBe('Unheard')
      expect(answerCacheStats(deps).hits).toBe(before.hits)
      await hearingChanges(deps)
      expect(await teamName(player.token)).toBe('Unheard')
    } finally {
      await other.end()
    }
  })

  it('PostgreSQL: every table notifies its changes', async () => {
    const deps = ctx.world.deps
    if (deps.dbHandle.kind !== 'postgres') return
    const { rows } = await sql<{ name: string }>`
      select t.table_name as name from information_schema.tables t
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and not exists (
          select 1 from pg_trigger g join pg_proc p on p.oid = g.tgfoid
          where g.tgrelid = (quote_ident(t.table_schema) || '.' || quote_ident(t.table_name))::regclass
            and p.proname = 'notify_table_change')
      order by 1`.execute(deps.db)
    expect(rows.map((r) => r.name)).toEqual([])
  })

  it('PostgreSQL: an update of a match’s score alone notifies matches.score, not matches', async () => {
    const deps = ctx.world.deps
    if (deps.dbHandle.kind !== 'postgres') return
    await hearingChanges(deps)
    const match = await deps.db.selectFrom('matches').select(['id', 'status']).executeTakeFirstOrThrow()
    await heardSoFar(deps)
    // Through another connection, so only the notifications report it here.
    const other = new pg.Client({ connectionString: deps.config.databaseUrl })
    await other.connect()
    try {
      const at = deps.dbHandle.changes.now()
      await other.query('update matches set score_summary = $1 where id = $2', ['{}', match.id])
      await heardSoFar(deps)
      expect(deps.dbHandle.changes.holds(['matches'], at)).toBe(true)
      expect(deps.dbHandle.changes.holds(['matches.score'], at)).toBe(false)
      const next = deps.dbHandle.changes.now()
      // The same value again: no row changed but the score columns: still only the score.
      await other.query('update matches set status = status, score_summary = $1 where id = $2', [
        '{}',
        match.id,
      ])
      await heardSoFar(deps)
      expect(deps.dbHandle.changes.holds(['matches'], next)).toBe(true)
      await other.query('update matches set title = title || $1 where id = $2', ['!', match.id])
      await heardSoFar(deps)
      expect(deps.dbHandle.changes.holds(['matches'], next)).toBe(false)
    } finally {
      await other.end()
    }
  })
})
