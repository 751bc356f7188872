import { describe, expect, it } from 'vitest'
import { SEEDED_PHASE_PRIZES } from '../../../seeds/writers/championship'
import { verifyLedger } from '../../../server/areas/ledger/verify'
import { lockTransfers } from '../../../server/domain/championship/transfers'
import { seededLeague } from '../../helpers/world'

const seeded = seededLeague()

const ids = (json: string) => (JSON.parse(json) as number[]).map(Number)

describe('the seeded championship', () => {
  it('puts prizes on every phase', async () => {
    const phases = await seeded.deps.db.selectFrom('series_phases').select(['id', 'prizes']).execute()
    expect(phases.length).toBe(seeded.summary.phases)
    for (const p of phases) expect(JSON.parse(p.prizes), `phase ${p.id}`).toEqual(SEEDED_PHASE_PRIZES)
  })

  it('gives demo users teams in the phases under way, with a row for each of the last played matches', async () => {
    const teams = await seeded.deps.db
      .selectFrom('classic_teams as ct')
      .innerJoin('users as u', 'u.id', 'ct.user_id')
      .select(['ct.id', 'ct.phase_id', 'ct.first_locked_match_id', 'u.role', 'u.email'])
      .execute()
    expect(teams.length).toBe(seeded.summary.classic_teams)
    expect(teams.length).toBeGreaterThan(20)
    expect(teams.every((t) => t.role === 'player' && t.email !== seeded.deps.config.demo.email)).toBe(true)
    const rows = await seeded.deps.db.selectFrom('classic_team_scores').selectAll().execute()
    expect(rows.length).toBe(seeded.summary.classic_team_scores)
    for (const phaseId of new Set(teams.map((t) => t.phase_id))) {
      const matches = await seeded.deps.db
        .selectFrom('matches')
        .select(['id', 'status'])
        .where('phase_id', '=', phaseId)
        .orderBy('event_time_ms')
        .orderBy('id')
        .execute()
      const done = matches.filter((m) => m.status === 'completed').map((m) => m.id)
      // Under way: some played, some to come; no team in a phase not yet started or over.
      expect(done.length).toBeGreaterThan(0)
      expect(done.length).toBeLessThan(matches.length)
      const played = done.slice(-3)
      expect(teams.filter((x) => x.phase_id === phaseId).length).toBeLessThanOrEqual(10)
      for (const t of teams.filter((x) => x.phase_id === phaseId)) {
        const own = rows.filter((r) => r.classic_team_id === t.id).map((r) => r.match_id)
        expect(own.sort()).toEqual([...played].sort())
        expect(played).toContain(t.first_locked_match_id)
      }
    }
  })

  it('replays the transfers as the rules count them: net change, free banked per match, paid charged once', async () => {
    const rows = await seeded.deps.db
      .selectFrom('classic_team_scores as cs')
      .innerJoin('matches as m', 'm.id', 'cs.match_id')
      .selectAll('cs')
      .select(['m.event_time_ms', 'm.phase_id as match_phase_id'])
      .orderBy('cs.classic_team_id')
      .orderBy('m.event_time_ms')
      .execute()
    let state: { player_ids: number[]; free_left: number } | null = null
    let team = -1
    for (const r of rows) {
      if (r.classic_team_id !== team) {
        team = r.classic_team_id
        state = null
      }
      // A team first locked after earlier phase matches is a late joiner: 2 free for each.
      const before = Number(
        (
          await seeded.deps.db
            .selectFrom('matches')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('phase_id', '=', r.match_phase_id)
            .where('event_time_ms', '<', r.event_time_ms)
            .executeTakeFirstOrThrow()
        ).n,
      )
      const lock = lockTransfers(state, ids(r.player_ids), before)
      expect({
        in: ids(r.player_in),
        out: ids(r.player_out),
        free: r.free_sub_used,
        paid: r.paid_sub_used,
        charged: Number(r.paid_charged_paise),
        bank: r.free_left,
      }).toEqual({
        in: lock.player_in,
        out: lock.player_out,
        free: lock.free_sub_used,
        paid: lock.paid_sub_used,
        charged: lock.cost_paise,
        bank: lock.next.free_left,
      })
      state = lock.next
    }
    const used = rows.reduce((n, r) => n + r.free_sub_used + r.paid_sub_used, 0)
    const paid = rows.filter((r) => r.paid_sub_used > 0)
    expect(used).toBeGreaterThan(5)
    expect(paid.length).toBeGreaterThan(0)
    const charges = await seeded.deps.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'classic_transfers')
      .executeTakeFirstOrThrow()
    expect(Number(charges.n)).toBe(paid.length)
    expect((await verifyLedger(seeded.deps.db)).ok).toBe(true)
  })
})
