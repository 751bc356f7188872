// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario files use ${…} placeholders, written here as plain strings
import { describe, expect, it } from 'vitest'
import { parseScenario, type ScenarioFormatError } from '../../../cli/scenario/loader'
import type { ScenarioResult } from '../../../cli/scenario/types'
import { seededScenarioServer } from '../../helpers/scenario-server'

/**
 * The daily fantasy step kinds (find_match, players, pick_team, match_events) against one
 * seeded server, through the real runner: what they save, and how they fail.
 */
const { run } = seededScenarioServer()

const failure = (r: ScenarioResult) => r.steps.find((s) => s.status === 'failed')

describe('find_match, players, pick_team, match_events', () => {
  it('find a match and its contests, pick players and teams, and score a ball', async () => {
    const r = await run(`
name: steps
users: { alice: {}, bob: {} }
steps:
  - find_match:
      match: { format: T20 }
      starts_after: 2h
      contests:
        h2h: { kind: head_to_head, entry_fee: 100 }
        free: { kind: free }
    save: { match: match, h2h: contests.h2h, free: contests.free, t0: now }
  - request: { method: GET, path: "/api/contests/\${h2h.id}" }
    expect: { body: { contest: { match_id: "\${match.id}", entry_fee: 100 } } }
  - request: { method: GET, path: "/api/matches/\${match.id}" }
    expect: { body: { match: { event_time_in_millis: { $gte: "\${t0 + 2h}" }, format: T20 } } }
  - players:
      match_id: "\${match.id}"
      pick:
        star: { team: { id: "\${match.team1.id}" } }
        keeper: { team: { id: "\${match.team1.id}" }, style_label: { $in: [WK, BAT/WK] } }
        bowler: { team: { id: "\${match.team2.id}" }, style_label: BOWL }
  - pick_team: { as: alice, match_id: "\${match.id}", include: ["\${keeper.id}"], captain: "\${keeper.id}" }
    expect: { body: { user_team: { captain: "\${keeper.id}", team_players: { $contains: { id: "\${keeper.id}" } } } } }
    save: { team: body.user_team }
  - pick_team: { as: bob, match_id: "\${match.id}", exclude: ["\${keeper.id}", "\${star.id}"] }
    expect: { body: { user_team: { team_players: { $not: { $contains: { id: { $in: ["\${keeper.id}", "\${star.id}"] } } } } } } }
  - name: alice enters the same players again, as her second team
    pick_team: { as: alice, match_id: "\${match.id}", player_ids: "\${team.player_ids}", captain: "\${team.captain}", vice_captain: "\${team.vice_captain}" }
    expect: { status: 201, body: { user_team: { team_no: 2, player_ids: "\${team.player_ids}" } } }
  - request: { method: POST, path: "/api/admin/matches/\${match.id}/start", as: none, token: null }
    expect: { status: 401 }
`)
    expect(failure(r)?.error).toBeUndefined()
    expect(r.ok).toBe(true)
    expect(r.steps[0]?.detail).toMatch(/^match \d+ .+, starts .+ UTC: h2h → contest \d+, free → contest \d+$/)
    expect(r.steps[3]?.detail).toMatch(
      /^GET \/api\/matches\/\d+\/players → 200: star = \d+ .+, keeper = \d+ .+, bowler = \d+ .+$/,
    )
  })

  it('posts lineups built from the squad, then events; a correction replaces by seq', async () => {
    const r = await run(`
name: events
users: { admin: { role: admin } }
steps:
  - find_match: { match: { format: T20 }, starts_after: 3h, contests: { any: { kind: mega } } }
    save: { match: match }
  - players:
      match_id: "\${match.id}"
      pick:
        bat: { team: { id: "\${match.team2.id}" }, style_label: BAT }
        mate: { team: { id: "\${match.team2.id}" } }
        bowl: { team: { id: "\${match.team1.id}" }, style_label: BOWL }
  - request: { method: POST, path: "/api/admin/matches/\${match.id}/start", as: admin }
  - match_events:
      match_id: "\${match.id}"
      lineups: true
      events:
        - { type: ball, innings: 1, over: 0, ball: 1, batter_id: "\${bat.id}", non_striker_id: "\${mate.id}", bowler_id: "\${bowl.id}", runs: 4, boundary: true }
    expect: { body: { ingested: 3, replaced: 0, last_seq: 3 } }
  - request: { method: GET, path: "/api/matches/\${match.id}/players" }
    expect:
      body:
        players:
          $all:
            - $contains: { id: "\${bat.id}", in_lineup: true, points: 9 }
            - $contains: { id: "\${bowl.id}", in_lineup: true }
  - match_events:
      match_id: "\${match.id}"
      events:
        - { seq: 3, type: ball, innings: 1, over: 0, ball: 1, batter_id: "\${bat.id}", non_striker_id: "\${mate.id}", bowler_id: "\${bowl.id}", runs: 0 }
    expect: { body: { ingested: 1, replaced: 1, last_seq: 3 } }
  - request: { method: GET, path: "/api/matches/\${match.id}/player_scores" }
    expect: { body: { player_scores: { $contains: { player_id: "\${bat.id}", total_score: -1 } } } }
`)
    expect(failure(r)?.error).toBeUndefined()
    expect(r.steps[3]?.detail).toMatch(
      /^POST \/api\/admin\/matches\/\d+\/events as admin → 200 \(2 lineups \+ 1 events\)$/,
    )
  })

  it('fails with what it looked for when nothing matches', async () => {
    const noMatch = await run(`
name: none
steps:
  - find_match: { sport: cricket, contests: { big: { entry_fee: { $gt: 100000 } } } }
`)
    expect(failure(noMatch)?.error).toMatch(
      /^no upcoming cricket match starting after .+ UTC offers big \{"entry_fee":\{"\$gt":100000\}\} \(\d+ match\(es\) checked\)$/,
    )
    const noPlayer = await run(`
name: none
steps:
  - find_match: { starts_after: 1h }
    save: { match: match }
  - players: { match_id: "\${match.id}", pick: { kicker: { style_label: GK } } }
`)
    expect(failure(noPlayer)?.error).toMatch(
      /^no player of match \d+ left for kicker: \{"style_label":"GK"\}/,
    )
    const noTeam = await run(`
name: none
users: { alice: {} }
steps:
  - find_match: { starts_after: 1h }
    save: { match: match }
  - pick_team: { as: alice, match_id: "\${match.id}", include: [999999] }
`)
    expect(failure(noTeam)?.error).toMatch(/^no valid cricket team of match \d+ contains 999999$/)
    const refused = await run(`
name: none
users: { alice: {} }
steps:
  - find_match: { starts_after: 1h }
    save: { match: match }
  - match_events: { match_id: "\${match.id}", lineups: true, as: alice }
`)
    expect(failure(refused)?.error).toMatch(/^status: expected status 2xx, actual 403/)
  })

  it('rejects malformed steps when the file loads', () => {
    const problems = (yaml: string) => {
      try {
        parseScenario(yaml, 'bad.yaml')
      } catch (error) {
        return (error as ScenarioFormatError).problems.join('\n')
      }
      return ''
    }
    expect(problems('name: x\nsteps:\n  - match_events: { match_id: 3 }\n')).toContain(
      'give events, or lineups: true, or both',
    )
    expect(
      problems('name: x\nsteps:\n  - find_match: { contests: { h: { kind: { $like: x } } } }\n'),
    ).toContain('unknown matcher $like')
    expect(problems('name: x\nsteps:\n  - find_match: { starts_after: soon }\n')).toContain(
      'must be a duration',
    )
    expect(
      problems(
        'name: x\nusers: { a: {} }\nsteps:\n  - pick_team: { as: a, match_id: 1, player_ids: "1,2", include: [3] }\n',
      ),
    ).toContain('player_ids names the whole team; leave out include and exclude')
    expect(problems('name: x\nsteps:\n  - pick_team: { as: nobody, match_id: 1 }\n')).toContain('nobody')
  })
})
