import { afterEach, describe, expect, it } from 'vitest'
import { REVEAL_JOB, revealJobKey } from '../../../server/areas/esports/rooms.service'
import type { Deps } from '../../../server/core/deps'
import { createBus } from '../../../server/lib/bus'
import { insertEsportsContest, insertSquadMember } from '../../helpers/esports-rooms-fixture'
import { player, type RestartWorld, restartWorld, waitFor } from '../helpers'

let world: RestartWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

describe('a reveal due while the server is down', () => {
  it('happens once after it comes back: with its job, and for a contest whose job was lost', async () => {
    world = await restartWorld('rst_esports')
    const w = world
    const members = [await player(w, 'rev_a'), await player(w, 'rev_b')]
    const now = (await w.api('GET', '/api/health')).body.now_in_millis as number
    await w.server.crash()

    // Written while no server runs, as a contest created just before the crash would be.
    const deps = { db: w.sql, clock: { now: () => now }, bus: createBus(() => {}) } as unknown as Deps
    const startsIn = 5 * 60_000 + 300
    const withJob = await insertEsportsContest(deps, {
      hostId: members[0]!.id,
      revealMinutes: 5,
      startsInMs: startsIn,
    })
    const jobless = await insertEsportsContest(deps, {
      hostId: members[0]!.id,
      revealMinutes: 5,
      startsInMs: startsIn,
    })
    for (const c of [withJob, jobless]) for (const m of members) await insertSquadMember(deps, c.id, m.id)
    await w.sql
      .insertInto('scheduled_jobs')
      .values({
        kind: REVEAL_JOB,
        run_at_ms: withJob.starts_at_ms - 5 * 60_000,
        payload: JSON.stringify({ contest_id: withJob.id }),
        unique_key: revealJobKey(withJob.id),
        created_at_ms: now,
      })
      .execute()
    await new Promise((r) => setTimeout(r, 600))

    await w.start()
    const status = (id: number) =>
      w.sql
        .selectFrom('esports_contests')
        .select(['status', 'revealed_at_ms'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    for (const c of [withJob, jobless])
      await waitFor(async () => (await status(c.id)).status === 'locked', `contest ${c.id} to lock`, 20_000)
    for (const c of [withJob, jobless])
      expect(Number((await status(c.id)).revealed_at_ms)).toBe(c.starts_at_ms - 5 * 60_000)
    const jobs = await w.sql
      .selectFrom('scheduled_jobs')
      .select(['unique_key', 'status'])
      .where('kind', '=', REVEAL_JOB)
      .orderBy('unique_key')
      .execute()
    expect(jobs.map((j) => j.status)).toEqual(['done', 'done'])
    for (const m of members) {
      const notes = (await w.api('GET', '/api/notifications', undefined, m.token)).body
        .notifications as Array<{
        kind: string
      }>
      expect(notes.filter((n) => n.kind === 'esports_room_details')).toHaveLength(2)
    }
  })
})
