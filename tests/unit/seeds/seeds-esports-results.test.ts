import { describe, expect, it } from 'vitest'
import { esportsPoolCode } from '../../../server/areas/esports/core'
import { REVEAL_JOB, resumeEsportsReveals, revealJobKey } from '../../../server/areas/esports/rooms.service'
import { client } from '../../helpers/http'
import { seededLeague } from '../../helpers/world'

// The demo league's finished Free Fire room (docs/esports.md "Results, payouts and corrections").
const seeded = seededLeague()

describe('the finished Free Fire room', () => {
  it('is a completed duo room with simulator results, paid through the ledger', async () => {
    expect(seeded.summary.esports_contests).toBe(1)
    const contest = await seeded.deps.db.selectFrom('esports_contests').selectAll().executeTakeFirstOrThrow()
    expect(contest).toMatchObject({
      game: 'free-fire',
      mode: 'duo',
      status: 'completed',
      results_version: 1,
      squads_count: 4,
      members_count: 8,
    })
    expect(contest.id).toBeGreaterThan(1_000_000)
    const pool = await seeded.deps.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('code', '=', esportsPoolCode(contest.id))
      .executeTakeFirstOrThrow()
    expect(Number(pool.balance)).toBe(0)
    const api = client(seeded.deps)
    const admin = (await api.login(seeded.deps.config.admin.email, seeded.deps.config.admin.password))
      .access_token
    const verify = await api.get('/api/admin/ledger/verify', admin)
    expect(verify.body).toMatchObject({ ok: true, transactions: seeded.summary.ledger_transactions })

    const demo = (await api.login(seeded.deps.config.demo.email, seeded.deps.config.demo.password))
      .access_token
    const results = await api.get(`/api/esports/contests/${contest.id}/results`, demo)
    expect(results.status).toBe(200)
    const r = results.body.esports_results
    expect(r).toMatchObject({ version: 1, source: 'simulator' })
    expect(r.my_squad_id).not.toBeNull()
    // Four squads, four paid ranks: the demo player won something.
    const mine = r.standings.find((s: any) => s.squad.id === r.my_squad_id)
    expect(mine.prize).toBeGreaterThan(0)
    const kinds = await seeded.deps.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select('t.kind')
      .where('u.email', '=', seeded.deps.config.demo.email)
      .where('t.kind', 'like', 'esports_%')
      .execute()
    expect(kinds.map((k) => k.kind).sort()).toEqual(['esports_entry', 'esports_prize'])
  })
})

describe('the seeded PUBG tournament', () => {
  it('has its unplayed final lobby revealed on time: the boot gives it its reveal job', async () => {
    const lobby = await seeded.deps.db
      .selectFrom('esports_contests')
      .selectAll()
      .where('round_id', 'is not', null)
      .where('status', '=', 'locked')
      .where('revealed_at_ms', 'is', null)
      .executeTakeFirstOrThrow()
    const jobs = () =>
      seeded.deps.db
        .selectFrom('scheduled_jobs')
        .select(['unique_key', 'run_at_ms'])
        .where('kind', '=', REVEAL_JOB)
        .execute()
    expect(await jobs()).toEqual([])
    expect(await resumeEsportsReveals(seeded.deps)).toBe(1)
    expect(await jobs()).toEqual([
      {
        unique_key: revealJobKey(lobby.id),
        run_at_ms: Number(lobby.starts_at_ms) - lobby.reveal_minutes * 60_000,
      },
    ])
  })
})
