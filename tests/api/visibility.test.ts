import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestWorld } from '../helpers/deps'
import { type HiddenKind, type HiddenWorld, hiddenWorld, type Kind } from '../helpers/hidden-world'
import { leagueWorld } from '../helpers/league'
import { fillPath, label, type Operation, openApiDoc, operations, resolve } from '../helpers/openapi'

/**
 * One visibility rule per kind of object (docs/visibility.md), checked over the whole API:
 * every operation of /api/openapi.json that takes an id is called by an ordinary signed-in
 * player with the id of an object of that kind they may not see, and with an id that names
 * nothing. Both answers must be the same — status (404), code and message — and neither may
 * carry any text of the hidden object. Each path parameter is mapped to its kind below; a new
 * operation whose parameter is not mapped fails the walk, so a new route cannot slip past.
 */

/** Every path parameter of every operation (admin routes aside), by path, mapped to a kind. */
const PATHS: Record<string, Record<string, Kind>> = {
  '/api/users/reset_password/{token}': { token: 'token' },
  '/api/users/activation/{token}': { token: 'token' },
  '/api/users/{slug}': { slug: 'user' },
  '/api/users/{slug}/followers': { slug: 'user' },
  '/api/users/{slug}/followings': { slug: 'user' },
  '/api/users/{slug}/follow': { slug: 'user' },
  '/api/users/{slug}/unfollow': { slug: 'user' },
  '/api/users/{slug}/ratings': { slug: 'user' },
  '/api/users/{slug}/report': { slug: 'user' },
  '/api/users/{slug}/posts': { slug: 'user' },
  '/api/users/{slug}/contests': { slug: 'user' },
  '/api/leaderboards/{id}': { id: 'leaderboard' },
  '/api/groups/{uuid}': { uuid: 'group' },
  '/api/groups/{uuid}/members': { uuid: 'group' },
  '/api/groups/{uuid}/members/{user_slug}': { uuid: 'group', user_slug: 'user' },
  '/api/groups/{uuid}/mute': { uuid: 'group' },
  '/api/groups/{uuid}/unmute': { uuid: 'group' },
  '/api/groups/{uuid}/share': { uuid: 'group' },
  '/api/groups/{uuid}/reset_invite': { uuid: 'group' },
  '/api/groups/{uuid}/messages': { uuid: 'group' },
  '/api/groups/{uuid}/read': { uuid: 'group' },
  '/api/point_systems/{sport}': { sport: 'sport' },
  '/api/contests/invite_code/{code}': { code: 'code' },
  '/api/contests/rules/{slug}': { slug: 'rules_slug' },
  '/api/contests/{id}': { id: 'contest' },
  '/api/contests/{id}/verify': { id: 'contest' },
  '/api/contests/{id}/update_members': { id: 'contest' },
  '/api/contests/{id}/activities': { id: 'contest' },
  '/api/contests/{id}/refund_status': { id: 'contest' },
  '/api/contests/{id}/bots': { id: 'contest' },
  '/api/contests/{id}/posts': { id: 'contest' },
  '/api/contests/{id}/prizes': { id: 'contest' },
  '/api/contests/{id}/info': { id: 'contest' },
  '/api/contests/{id}/overview': { id: 'contest' },
  '/api/contests/{id}/members': { id: 'contest' },
  '/api/contests/{id}/joining_confirmation': { id: 'contest' },
  '/api/contests/{id}/join': { id: 'contest' },
  '/api/contests/{id}/like': { id: 'contest' },
  '/api/contests/{id}/unlike': { id: 'contest' },
  '/api/contests/{id}/compare': { id: 'contest' },
  '/api/championship/contests/{id}': { id: 'championship_contest' },
  '/api/championship/contests/{id}/verify': { id: 'championship_contest' },
  '/api/championship/contests/{id}/update_members': { id: 'championship_contest' },
  '/api/championship/contests/{id}/activities': { id: 'championship_contest' },
  '/api/championship/contests/{id}/bots': { id: 'championship_contest' },
  '/api/championship/contests/{id}/join': { id: 'championship_contest' },
  '/api/game_accounts/{id}': { id: 'game_account' },
  '/api/esports/contests/by_code/{invite_code}': { invite_code: 'code' },
  '/api/esports/contests/{id}': { id: 'esports_contest' },
  '/api/pubgs/{id}': { id: 'esports_contest' },
  '/api/free_fires/{id}': { id: 'esports_contest' },
  '/api/call_of_duties/{id}': { id: 'esports_contest' },
  '/api/esports/contests/{id}/join': { id: 'esports_contest' },
  '/api/esports/contests/{id}/membership': { id: 'esports_contest' },
  '/api/esports/contests/{id}/squads': { id: 'esports_contest' },
  '/api/esports/contests/{id}/room_details': { id: 'esports_contest' },
  '/api/esports/contests/{id}/results': { id: 'esports_contest' },
  '/api/esports/contests/{id}/results_sheet': { id: 'esports_contest' },
  '/api/esports/contests/{id}/disputes': { id: 'esports_contest' },
  '/api/squad_teams/{id}': { id: 'squad' },
  '/api/squad_teams/{id}/captain': { id: 'squad' },
  '/api/squad_teams/{id}/invite': { id: 'squad' },
  '/api/squad_teams/{id}/remove': { id: 'squad' },
  '/api/pubg_members/{id}': { id: 'esports_member' },
  '/api/free_fire_members/{id}': { id: 'esports_member' },
  '/api/call_of_duty_members/{id}': { id: 'esports_member' },
  '/api/esports/tournaments/{id}': { id: 'esports_tournament' },
  '/api/tournaments/{id}': { id: 'esports_tournament' },
  '/api/esports/tournaments/{id}/rounds': { id: 'esports_tournament' },
  '/api/tournaments/{id}/rounds': { id: 'esports_tournament' },
  '/api/esports/rounds/{id}/slots': { id: 'esports_round' },
  '/api/rounds/{id}/slots': { id: 'esports_round' },
  '/api/esports/tournaments/{id}/standings': { id: 'esports_tournament' },
  '/api/esports/tournaments/{id}/squads': { id: 'esports_tournament' },
  '/api/esports/tournaments/{id}/squads/join': { id: 'esports_tournament' },
  '/api/esports/tournaments/{id}/membership': { id: 'esports_tournament' },
  '/api/esports/rounds/{id}/seed': { id: 'esports_round' },
  '/api/prize_structures/{id}': { id: 'prize_structure' },
  '/api/posts/{id}/report': { id: 'post' },
  '/api/comments/{id}/report': { id: 'comment' },
  '/api/posts/{id}': { id: 'post' },
  '/api/posts/{id}/like': { id: 'post' },
  '/api/posts/{id}/unlike': { id: 'post' },
  '/api/posts/{id}/comments': { id: 'post' },
  '/api/comments/{id}': { id: 'comment' },
  '/api/comments/{id}/like': { id: 'comment' },
  '/api/comments/{id}/unlike': { id: 'comment' },
  '/api/matches/{id}/contests': { id: 'match' },
  '/api/series/{id}/contests': { id: 'series' },
  '/api/matches/{id}': { id: 'match' },
  '/api/matches/{id}/players': { id: 'match' },
  '/api/matches/{id}/player_scores': { id: 'match' },
  '/api/matches/{id}/statistics': { id: 'match' },
  '/api/series/{id}': { id: 'series' },
  '/api/series/{id}/matches': { id: 'series' },
  '/api/series/{id}/players': { id: 'series' },
  '/api/series_phases/{id}/players': { id: 'phase' },
  '/api/players/{id}': { id: 'player' },
  '/api/series/{id}/leaderboard': { id: 'series' },
  '/api/series/{series_id}/leagues/my_leagues': { series_id: 'series' },
  '/api/series/{series_id}/leagues': { series_id: 'series' },
  '/api/series/{series_id}/leagues/{id}': { series_id: 'series', id: 'gang' },
  '/api/series/{series_id}/leagues/{id}/requests': { series_id: 'series', id: 'gang' },
  '/api/series/{series_id}/leagues/{id}/requests/{user_id}/approve': {
    series_id: 'series',
    id: 'gang',
    user_id: 'user_id',
  },
  '/api/series/{series_id}/leagues/{id}/requests/{user_id}/decline': {
    series_id: 'series',
    id: 'gang',
    user_id: 'user_id',
  },
  '/api/series/{series_id}/leagues/{id}/leave': { series_id: 'series', id: 'gang' },
  '/api/series/{series_id}/leagues/{id}/members/{user_id}': {
    series_id: 'series',
    id: 'gang',
    user_id: 'user_id',
  },
  '/api/championship/series_phases/{phase_id}/leagues/my_leagues': { phase_id: 'phase' },
  '/api/championship/series_phases/{phase_id}/leagues': { phase_id: 'phase' },
  '/api/championship/series_phases/{phase_id}/leagues/{id}': { phase_id: 'phase', id: 'phase_gang' },
  '/api/championship/series_phases/{phase_id}/leagues/{id}/requests': { phase_id: 'phase', id: 'phase_gang' },
  '/api/championship/series_phases/{phase_id}/leagues/{id}/requests/{user_id}/approve': {
    phase_id: 'phase',
    id: 'phase_gang',
    user_id: 'user_id',
  },
  '/api/championship/series_phases/{phase_id}/leagues/{id}/requests/{user_id}/decline': {
    phase_id: 'phase',
    id: 'phase_gang',
    user_id: 'user_id',
  },
  '/api/championship/series_phases/{phase_id}/leagues/{id}/leave': { phase_id: 'phase', id: 'phase_gang' },
  '/api/championship/series_phases/{phase_id}/leagues/{id}/members/{user_id}': {
    phase_id: 'phase',
    id: 'phase_gang',
    user_id: 'user_id',
  },
  '/api/leagues/code/{code}': { code: 'code' },
  '/api/matches/{match_id}/user_teams': { match_id: 'match' },
  '/api/matches/{match_id}/user_teams/{id}': { match_id: 'match', id: 'user_team' },
  '/api/championship/series_phases/{id}': { id: 'phase' },
  '/api/championship/series_phases/{id}/players': { id: 'phase' },
  '/api/championship/series_phases/{id}/leaderboard': { id: 'phase' },
  '/api/championship/series_phases/{id}/results': { id: 'phase' },
  '/api/championship/classic_teams/{id}': { id: 'classic_team' },
  '/api/championship/classic_teams/{id}/edit': { id: 'classic_team' },
  '/api/championship/classic_teams/{id}/score': { id: 'classic_team' },
  '/api/championship/classic_teams/{id}/history': { id: 'classic_team' },
  // Rows exist from the match's lock on, when the team is public (docs/championship.md).
  '/api/championship/classic_team_scores/{id}': { id: 'classic_team_score' },
  '/api/bhim_upis/{id}/activate': { id: 'bhim_upi' },
  '/api/attachments/{id}': { id: 'attachment' },
  '/api/attachments/{id}/restore': { id: 'attachment' },
  '/api/attachments/{id}/file': { id: 'attachment' },
  '/api/claim_refunds/{id}': { id: 'claim_refund' },
  '/api/user_credits/{id}': { id: 'user_credit' },
  // The simulated gateway's pages: the order id is the key to them (docs/wallet.md).
  '/gateway/{gateway}/{order_id}': { gateway: 'gateway', order_id: 'order' },
  '/api/scratch_cards/{id}': { id: 'scratch_card' },
  '/api/auctions/{id}': { id: 'auction' },
  '/api/auctions/{id}/join': { id: 'auction' },
  '/api/auctions/{id}/bots': { id: 'auction' },
  '/api/auctions/{id}/managers': { id: 'auction' },
  '/api/auctions/{id}/managers/{manager_id}/approve': { id: 'auction', manager_id: 'auction_manager' },
  '/api/auctions/{id}/managers/{manager_id}/reject': { id: 'auction', manager_id: 'auction_manager' },
  '/api/auctions/{id}/franchises': { id: 'auction' },
  '/api/auctions/{id}/players': { id: 'auction' },
  '/api/auctions/{id}/bids': { id: 'auction' },
  '/api/auctions/{id}/bidding_player': { id: 'auction' },
  '/api/auctions/{id}/bid_player': { id: 'auction' },
  '/api/auctions/{id}/secondary_bids': { id: 'auction' },
  '/api/auctions/{id}/release': { id: 'auction' },
  '/api/auctions/{id}/start': { id: 'auction' },
  '/api/auctions/{id}/pause': { id: 'auction' },
  '/api/auctions/{id}/resume': { id: 'auction' },
  '/api/auctions/{id}/complete': { id: 'auction' },
  '/api/auctions/{id}/secondary_round': { id: 'auction' },
  '/api/auctions/{id}/secondary_round/close': { id: 'auction' },
  '/api/auctions/{id}/leaderboard': { id: 'auction' },
  '/api/auction/managers/{id}': { id: 'auction_manager' },
  '/api/auction/managers/{id}/matches/{match_id}': { id: 'auction_manager', match_id: 'match' },
  '/api/auctions/{id}/managers/approve_all': { id: 'auction' },
  '/api/auction/tournaments/{id}/join': { id: 'auction_tournament' },
  '/api/auction/tournaments/{id}': { id: 'auction_tournament' },
  '/api/auction/tournaments/{id}/bidding': { id: 'auction_tournament' },
  '/api/auction/tournaments/{id}/bid_player': { id: 'auction_tournament' },
  '/api/auction/tournaments/{id}/release': { id: 'auction_tournament' },
  '/api/auction/tournaments/{id}/players': { id: 'auction_tournament' },
  '/api/auction/tournaments/{id}/activities': { id: 'auction_tournament' },
}

/** Admin routes refuse a player before they look anything up (403), whatever the id names. */
const isAdminPath = (path: string) => path.startsWith('/api/admin/')

/**
 * Bodies that get a request past validation to the lookup of its id, where the generated one
 * (`minimalBody`) does not. Keyed by `METHOD path`.
 */
const BODIES: Record<string, (w: HiddenWorld) => unknown> = {
  'POST /api/groups/{uuid}/members': (w) => ({ user_slugs: [w.hider.slug] }),
  'POST /api/groups/{uuid}/messages': () => ({ identifier_key: 'probe-1', message: 'Hello' }),
  'POST /api/contests/{id}/update_members': () => ({ remove_member_ids: [1] }),
  'POST /api/championship/contests/{id}/update_members': () => ({ remove_member_ids: [1] }),
  'PUT /api/pubg_members/{id}': () => ({ in_game_name: 'Probe' }),
  'PUT /api/free_fire_members/{id}': () => ({ in_game_name: 'Probe' }),
  'PUT /api/call_of_duty_members/{id}': () => ({ in_game_name: 'Probe' }),
  'PUT /api/esports/contests/{id}/room_details': () => ({ room_id: 'ROOM123', room_password: 'pass1' }),
  'POST /api/esports/contests/{id}/results': () => ({ simulate: true }),
  'PUT /api/prize_structures/{id}': () => ({ name: 'Probe' }),
}

/** Query strings a read needs to get to its lookup. Keyed by `METHOD path`. */
const QUERIES: Record<string, string> = {
  'GET /api/contests/{id}/compare': '?member_id=1',
}

let world: TestWorld
let w: HiddenWorld
let ops: Operation[]
let doc: any
beforeAll(async () => {
  world = await leagueWorld(42)
  w = await hiddenWorld(world.deps)
  doc = await openApiDoc(w.api.app)
  ops = operations(doc)
}, 120_000)
afterAll(() => world.close())

interface Answer {
  status: number
  body: any
}

const send = (op: Operation, path: string, body: unknown, token: string): Promise<Answer> =>
  w.api.call(
    op.method,
    path + (QUERIES[label(op)] ?? ''),
    op.method === 'GET' || op.method === 'DELETE' ? { token } : { body, token },
  )

/** Status, code and message of an answer, and whether it shows a hidden object's text. */
function shape(answer: Answer) {
  return {
    status: answer.status,
    code: answer.body?.code,
    error: answer.body?.error,
    errors: answer.body?.errors,
  }
}

function leaks(answer: Answer): string[] {
  const text = (typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)).toLowerCase()
  return w.secrets.filter((s) => text.includes(s.toLowerCase()))
}

/** A body that satisfies the schema with as little as possible: required keys, plain values. */
function minimalBody(schemaIn: any, name = '', depth = 0): unknown {
  const schema = resolve(doc, schemaIn)
  if (!schema || depth > 6) return undefined
  if (schema.anyOf || schema.oneOf) return minimalBody((schema.anyOf ?? schema.oneOf)[0], name, depth + 1)
  if (schema.enum) return schema.enum[0]
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  const type = [schema.type ?? 'object'].flat().find((t: string) => t !== 'null')
  if (type === 'string') {
    const text = 'Visibility probe text here'
    const min = schema.minLength ?? 0
    const max = schema.maxLength ?? 100
    return text.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, text.length)))
  }
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1)
  if (type === 'boolean') return false
  if (type === 'array') {
    const item = minimalBody(schema.items, name, depth + 1)
    return Array.from({ length: schema.minItems ?? 0 }, () => item)
  }
  const out: Record<string, unknown> = {}
  for (const key of schema.required ?? []) out[key] = minimalBody(schema.properties?.[key], key, depth + 1)
  return out
}

const bodyOf = (op: Operation) =>
  BODIES[label(op)]?.(w) ?? (op.bodySchema ? minimalBody(op.bodySchema) : undefined)

/** Values of a path's other parameters while `kind` is the one hidden. */
function pathValues(params: Record<string, Kind>, testing: string, value: string | number) {
  const kind = params[testing] as HiddenKind
  const values: Record<string, string | number> = {}
  for (const [name, k] of Object.entries(params))
    values[name] = name === testing ? value : (w.context[kind]?.[k] ?? w.visible[k])
  return values
}

describe('one visibility rule per kind of object', () => {
  it('maps every path parameter of every operation to a kind', () => {
    const unmapped: string[] = []
    for (const op of ops) {
      if (op.params.length === 0 || isAdminPath(op.path)) continue
      const mapped = PATHS[op.path]
      for (const p of op.params) if (!mapped?.[p]) unmapped.push(`${label(op)} {${p}}`)
    }
    expect(unmapped, 'map these parameters to a kind in PATHS').toEqual([])
    const stale = Object.keys(PATHS).filter((p) => !ops.some((op) => op.path === p))
    expect(stale, 'PATHS names paths the API no longer has').toEqual([])
  })

  it('answers a hidden object exactly as a missing one, on every operation that takes its id', async () => {
    const problems: string[] = []
    let checked = 0
    for (const op of ops) {
      const params = isAdminPath(op.path)
        ? Object.fromEntries(op.params.map((p) => [p, 'user_id' as Kind]))
        : (PATHS[op.path] ?? {})
      for (const [name, kind] of Object.entries(params)) {
        if (!(kind in w.hidden)) continue
        const hiddenKind = kind as HiddenKind
        const body = bodyOf(op)
        const hidden = await send(
          op,
          fillPath(op.path, pathValues(params, name, w.hidden[hiddenKind])),
          body,
          w.caller.token,
        )
        const missing = await send(
          op,
          fillPath(op.path, pathValues(params, name, w.missing[hiddenKind])),
          body,
          w.caller.token,
        )
        checked++
        const where = `${label(op)} {${name}} (${kind})`
        const expected = isAdminPath(op.path) ? 403 : 404
        if (missing.status !== expected)
          problems.push(`${where}: a missing id answers ${missing.status} ${JSON.stringify(missing.body)}`)
        if (JSON.stringify(shape(hidden)) !== JSON.stringify(shape(missing)))
          problems.push(
            `${where}: hidden ${JSON.stringify(shape(hidden))} ≠ missing ${JSON.stringify(shape(missing))}`,
          )
        const shown = leaks(hidden)
        if (shown.length > 0) problems.push(`${where}: the answer shows ${shown.join(', ')}`)
      }
    }
    expect(checked).toBeGreaterThan(150)
    expect(problems).toEqual([])
  }, 120_000)
})
