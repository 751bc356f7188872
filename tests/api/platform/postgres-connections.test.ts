import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { ephemeralDatabase } from '../../../server/core/config'
import { createScratchDatabase, dropDatabase, listDatabases, openDatabase } from '../../../server/db/dialect'
import { TEST_DIALECT } from '../../helpers/db'

// The connection handling that only PostgreSQL has: a pool of connections the server can
// close under us, and scratch databases dropped while something may still hold them.
describe.skipIf(TEST_DIALECT !== 'postgres')('PostgreSQL connections', () => {
  const scratch = ephemeralDatabase(process.env)
  const server = scratch.databaseUrl as string

  it('survives the server closing an idle pooled connection, and reconnects for the next query', async () => {
    const url = await createScratchDatabase(server, {
      template: scratch.scratchTemplate,
      prefix: scratch.scratchPrefix,
    })
    const handle = openDatabase({ databaseUrl: url })
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]?.pid
      // As a restart or an administrator would: the idle connection is closed from the server side.
      const admin = openDatabase({ databaseUrl: server })
      await sql`select pg_terminate_backend(${pid})`.execute(admin.db)
      await admin.close()
      await new Promise((resolve) => setTimeout(resolve, 200))
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db)
      expect(again.rows).toEqual([{ one: 1 }])
    } finally {
      await handle.close()
      await dropDatabase(url)
    }
  })

  it('drops a scratch database that a connection of ours still holds', async () => {
    const url = await createScratchDatabase(server, {
      template: scratch.scratchTemplate,
      prefix: scratch.scratchPrefix,
    })
    const name = new URL(url).pathname.slice(1)
    const handle = openDatabase({ databaseUrl: url })
    try {
      await sql`select 1`.execute(handle.db)
      await dropDatabase(url)
      expect(await listDatabases(server, name)).toEqual([])
    } finally {
      await handle.close()
    }
  }, 20_000)
})
