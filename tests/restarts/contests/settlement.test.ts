import { afterEach, describe, expect, it } from 'vitest'
import { createRng } from '../../../server/domain/rng'
import { pickTeam } from '../../../server/domain/team-picker'
import { rowById, rowsWhere } from '../../helpers/db'
import { player, type RestartWorld, restartWorld, upcomingCricket, waitFor } from '../helpers'

let world: RestartWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

/**
 * An upcoming cricket match with two players' teams in its head-to-head contest (paid), started:
 * live, its contests locked.
 */
async function startedMatchWithEntries(w: RestartWorld) {
  const admin = await w.adminToken()
  const match = await upcomingCricket(w.sql)
  const squad = (await w.api('GET', `/api/matches/${match.id}/players`)).body.players.map(
    (p: { id: number; style: number; value_tenths: number; team: { id: number } }) => ({
      id: p.id,
      style: p.style,
      value_tenths: p.value_tenths,
      real_team_id: p.team.id,
    }),
  )
  const contests = (await w.api('GET', `/api/matches/${match.id}/contests?per_page=50`)).body.contests
  const h2h = contests.find((c: { kind: string; entry_fee: number }) => c.kind === 'head_to_head')
  const rng = createRng(7)
  for (const name of ['pay_a', 'pay_b']) {
    const p = await player(w, `${name}_rst`)
    await w.api('POST', '/api/admin/wallet/credits', { user_id: p.id, amount: 200 }, admin)
    const team = pickTeam('cricket', squad, rng.stream(name))
    if (!team) throw new Error('no team')
    const made = await w.api(
      'POST',
      `/api/matches/${match.id}/user_teams`,
      {
        player_ids: team.player_ids.join(','),
        captain: team.captain_id,
        vice_captain: team.vice_captain_id,
      },
      p.token,
    )
    expect(made.status).toBe(201)
    const joined = await w.api(
      'POST',
      `/api/contests/${h2h.id}/join`,
      { team_id: made.body.user_team.id },
      p.token,
    )
    expect(joined.status).toBe(200)
  }
  expect((await w.api('POST', `/api/admin/matches/${match.id}/start`, undefined, admin)).status).toBe(200)
  return { match, h2h, admin }
}

describe('a crash between completing a match and paying it', () => {
  it('listens first and settles in the scheduler afterwards, paying every contest once', async () => {
    world = await restartWorld('rst_settle', { seedLeague: true })
    const w = world
    const { match, h2h, admin } = await startedMatchWithEntries(w)

    // kill -9 after "completed" was committed and before any contest was paid.
    await w.server.crash()
    await w.sql
      .updateTable('matches')
      .set({ status: 'completed', completed_at_ms: Date.now(), result_text: 'Crashed before the payouts' })
      .where('id', '=', match.id)
      .execute()
    const locked = await rowsWhere(w.sql, 'contests', { match_id: match.id, status: 'locked' }, 'id')
    expect(locked.length).toBeGreaterThan(1)

    await w.start({ logLevel: 'debug' })
    await waitFor(
      async () =>
        (await rowsWhere(w.sql, 'contests', { match_id: match.id, status: 'locked' }, 'id')).length === 0,
      'the contests to settle',
    )
    // The server said it listens before the settlement began, not after it ended. ("settled"
    // is logged after the championship step that follows the last payment: wait for it.)
    const lines = w.server.lines
    const settledLine = (l: string) =>
      /^info\s+settled match_id=/.test(l) && l.includes(`match_id=${match.id} `)
    await waitFor(async () => lines.some(settledLine), 'the settled line')
    const listening = lines.findIndex((l) => /^debug\s+listening/.test(l))
    const settled = lines.findIndex(settledLine)
    expect(listening).toBeGreaterThanOrEqual(0)
    expect(settled).toBeGreaterThan(listening)
    // The job is marked done after its work commits: wait for that mark, not for the work.
    const settleJob = () =>
      w.sql
        .selectFrom('scheduled_jobs')
        .select(['status'])
        .where('kind', '=', 'match.settle')
        .executeTakeFirstOrThrow()
    await waitFor(async () => (await settleJob()).status !== 'running', 'the settle job to finish')
    expect((await settleJob()).status).toBe('done')

    // Paid once: one prize posting per contest with winners, and the ledger adds up.
    const h2hAfter = (await w.api('GET', `/api/contests/${h2h.id}`)).body.contest
    expect(h2hAfter.contest_status).toBe('completed')
    const prizes = await rowsWhere(
      w.sql,
      'ledger_transactions',
      { kind: 'contest_prizes' },
      'idempotency_key',
    )
    expect(new Set(prizes.map((p) => p.idempotency_key)).size).toBe(prizes.length)
    expect(prizes.length).toBeGreaterThan(0)
    const verify = await w.api('GET', '/api/admin/ledger/verify', undefined, admin)
    expect(verify.body.problems).toEqual([])
  })

  it('finishes a settlement killed after its last payment: the match is stamped settled, nothing paid twice', async () => {
    world = await restartWorld('rst_settle_end', { seedLeague: true, crashPoint: 'settlement.paid' })
    const w = world
    const { match, admin } = await startedMatchWithEntries(w)
    const settledAt = async () => (await rowById(w.sql, 'matches', match.id, 'settled_at_ms')).settled_at_ms
    const contestStatuses = async () =>
      (await w.sql.selectFrom('contests').select('status').where('match_id', '=', match.id).execute()).map(
        (c) => c.status,
      )

    // The admin completes the match; the server kills itself after paying the last contest.
    await expect(w.api('POST', `/api/admin/matches/${match.id}/complete`, undefined, admin)).rejects.toThrow()
    const prizesAtCrash = await rowsWhere(
      w.sql,
      'ledger_transactions',
      { kind: 'contest_prizes' },
      'idempotency_key',
    )
    expect(prizesAtCrash.length).toBeGreaterThan(0)
    expect(new Set(await contestStatuses()).has('locked')).toBe(false)
    expect(await settledAt()).toBeNull()

    await w.start({ crashPoint: undefined })
    await waitFor(async () => (await settledAt()) !== null, 'the match to be stamped settled')
    const prizes = await rowsWhere(
      w.sql,
      'ledger_transactions',
      { kind: 'contest_prizes' },
      'idempotency_key',
    )
    expect(prizes.map((p) => p.idempotency_key).sort()).toEqual(
      prizesAtCrash.map((p) => p.idempotency_key).sort(),
    )
    const verify = await w.api('GET', '/api/admin/ledger/verify', undefined, admin)
    expect(verify.body.problems).toEqual([])
  })
})
