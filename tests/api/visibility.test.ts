import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestWorld } from '../helpers/deps'
import { type HiddenKind, type HiddenWorld, hiddenWorld, type Kind, SECRET } from '../helpers/hidden-world'
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

const send = (op: Operation, path: string, body: unknown, token: string | undefined): Promise<Answer> =>
  w.api.call(
    op.method,
    path + (QUERIES[label(op)] ?? ''),
    op.method === 'GET' || op.method === 'DELETE' ? { token } : { body, token },
  )

/**
 * An answer as compared: status, code, message and field messages, with the id the caller sent
 * (a slug echoed in "no such user: …") put back as `<id>` — the caller's own words, not the
 * object's.
 */
function shape(answer: Answer, sent: string | number) {
  const text = JSON.stringify({
    status: answer.status,
    code: answer.body?.code,
    error: answer.body?.error,
    errors: answer.body?.errors,
  })
  return typeof sent === 'string' && sent.length >= 6 ? text.split(sent).join('<id>') : text
}

/** The hidden object's words (`SECRET`, its codes) anywhere in the answer, bar the id that was sent. */
function leaks(answer: Answer, sent: string | number): string[] {
  let text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
  if (typeof sent === 'string') text = text.split(sent).join('<id>')
  return w.secrets.filter((s) => text.toLowerCase().includes(s.toLowerCase()))
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

/** Ids in a body that name an object: each sent hidden and missing, from the caller's own context. */
interface BodyCase {
  what: string
  kind: HiddenKind
  /** What a missing id answers: 404, or 422 for lists of people by slug ("no such user"). */
  status?: number
  send(value: string | number, n: number): Promise<Answer>
}

const BODY_CASES: BodyCase[] = [
  ...(
    [
      ['contest_card', 'contest'],
      ['auction_invite', 'auction'],
      ['gang_card', 'gang'],
      ['gang_card', 'phase_gang'],
    ] as const
  ).map(
    ([type, kind]): BodyCase => ({
      what: `POST /api/groups/{uuid}/messages ${type} card_id`,
      kind,
      send: (v, n) =>
        w.api.post(
          `/api/groups/${w.visible.group}/messages`,
          { identifier_key: `card-${kind}-${n}`, message: 'Look', message_type: type, card_id: v },
          w.caller.token,
        ),
    }),
  ),
  {
    what: 'POST /api/groups/{uuid}/read message_id',
    kind: 'message',
    send: (v) => w.api.post(`/api/groups/${w.visible.group}/read`, { message_id: v }, w.caller.token),
  },
  ...(['contest', 'championship_contest'] as const).map(
    (kind): BodyCase => ({
      what: `POST /api/reports contest_id (${kind})`,
      kind,
      send: (v) =>
        w.api.post(
          '/api/reports',
          { contest_id: v, contest_type: kind, reason: 'spam', text: 'Probe' },
          w.caller.token,
        ),
    }),
  ),
  {
    what: 'POST /api/auctions group_uuid_id',
    kind: 'group',
    send: (v) =>
      w.api.post(
        '/api/auctions',
        {
          name: 'Probe',
          match_id: w.visible.match,
          squad_min: 2,
          squad_max: 4,
          balanced: false,
          group_uuid_id: v,
        },
        w.caller.token,
      ),
  },
  {
    what: 'GET /api/auctions/by_group?group_uuid_id',
    kind: 'group',
    send: (v) => w.api.get(`/api/auctions/by_group?group_uuid_id=${v}`, w.caller.token),
  },
  {
    what: 'POST /api/contests/{id}/join team_id',
    kind: 'user_team',
    send: (v) => w.api.post(`/api/contests/${w.publicContest}/join`, { team_id: v }, w.caller.token),
  },
  {
    what: 'POST /api/claim_refunds user_credit_id',
    kind: 'user_credit',
    send: (v) =>
      w.api.post(
        '/api/claim_refunds',
        { reason: 'My deposit never arrived, please look', user_credit_id: v },
        w.caller.token,
      ),
  },
  {
    what: 'POST /api/scratch_cards/claim id',
    kind: 'scratch_card',
    send: (v) => w.api.post('/api/scratch_cards/claim', { id: v }, w.caller.token),
  },
  {
    what: 'PUT /api/me/save_pan attachment_id',
    kind: 'attachment',
    send: (v) =>
      w.api.put(
        '/api/me/save_pan',
        { name: 'Probe Player', pan_number: 'ABCDE1234F', dob: '1990-11-05', attachment_id: v },
        w.caller.token,
      ),
  },
  {
    what: 'POST /api/posts/{id}/comments parent_id',
    kind: 'comment',
    send: (v) =>
      w.api.post(`/api/posts/${w.visible.post}/comments`, { content: 'Reply', parent_id: v }, w.caller.token),
  },
  {
    what: 'POST /api/groups/create_one_to_one user_slug',
    status: 422,
    kind: 'user',
    send: (v) => w.api.post('/api/groups/create_one_to_one', { user_slug: v }, w.caller.token),
  },
  {
    what: 'POST /api/groups member_slugs',
    status: 422,
    kind: 'user',
    send: (v) => w.api.post('/api/groups', { name: 'Probe', member_slugs: [v] }, w.caller.token),
  },
  {
    what: 'POST /api/groups/{uuid}/members user_slugs',
    status: 422,
    kind: 'user',
    send: (v) => w.api.post(`/api/groups/${w.visible.group}/members`, { user_slugs: [v] }, w.caller.token),
  },
  {
    what: 'POST /api/pubg_members/update_members squad_id',
    kind: 'squad',
    send: (v) =>
      w.api.post(
        '/api/pubg_members/update_members',
        { squad_id: v, members: [{ id: 1, position: 1 }] },
        w.caller.token,
      ),
  },
]

/** Rows a refused request must not have written (the caller's whole walk is refusals). */
const WATCHED = [
  'reports',
  'post_likes',
  'comment_likes',
  'contest_likes',
  'comments',
  'posts',
  'group_messages',
  'group_members',
  'gang_members',
  'auction_managers',
  'contest_members',
  'esports_members',
  'follows',
  'user_ratings',
  'claim_refunds',
] as const

async function counts() {
  const out: Record<string, number> = {}
  for (const table of WATCHED) {
    const row = await w.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    out[table] = Number(row.n)
  }
  return out
}

const variants = (kind: HiddenKind) => [w.hidden[kind], ...(w.also[kind] ?? [])]

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

  it('the hidden objects exist: their owner reads each of them', async () => {
    const reads: Array<[string, string]> = [
      ['contest', `/api/contests/${w.hidden.contest}`],
      ['championship_contest', `/api/championship/contests/${w.hidden.championship_contest}`],
      ['esports_contest', `/api/esports/contests/${w.hidden.esports_contest}/room_details`],
      ['post', `/api/posts/${w.hidden.post}`],
      ['comment', `/api/posts/${w.hidden.post}/comments`],
      ['group', `/api/groups/${w.hidden.group}/messages`],
      ['auction', `/api/auctions/${w.hidden.auction}`],
      ['auction_tournament', `/api/auction/tournaments/${w.hidden.auction_tournament}`],
      ['auction_manager', `/api/auction/managers/${w.hidden.auction_manager}`],
      ['gang', `/api/series/${w.visible.series}/leagues/${w.hidden.gang}`],
      ['phase_gang', `/api/championship/series_phases/${w.visible.phase}/leagues/${w.hidden.phase_gang}`],
      ['user_team', `/api/matches/${w.visible.match}/user_teams/${w.hidden.user_team}`],
      ['classic_team', `/api/championship/classic_teams/${w.hidden.classic_team}`],
      ['prize_structure', `/api/prize_structures/${w.hidden.prize_structure}`],
      ['claim_refund', `/api/claim_refunds/${w.hidden.claim_refund}`],
      ['user_credit', `/api/user_credits/${w.hidden.user_credit}`],
      ['scratch_card', `/api/scratch_cards/${w.hidden.scratch_card}`],
    ]
    const answers = await Promise.all(reads.map(([, path]) => w.api.get(path, w.hider.token)))
    expect(Object.fromEntries(reads.map(([kind], i) => [kind, answers[i]?.status]))).toEqual(
      Object.fromEntries(reads.map(([kind]) => [kind, 200])),
    )
    // …and the words the walk looks for are in what the owner reads.
    expect(JSON.stringify(answers.map((a) => a.body))).toContain(SECRET)
  })

  it('answers a hidden object exactly as a missing one, on every operation that takes its id', async () => {
    const before = await counts()
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
        // Signed in as an ordinary player; and signed out where the operation allows it.
        const tokens = op.secured ? [w.caller.token] : [w.caller.token, undefined]
        for (const token of tokens)
          for (const value of variants(hiddenKind)) {
            const hidden = await send(op, fillPath(op.path, pathValues(params, name, value)), body, token)
            const missing = await send(
              op,
              fillPath(op.path, pathValues(params, name, w.missing[hiddenKind])),
              body,
              token,
            )
            checked++
            const where = `${label(op)} {${name}} (${kind} ${value}${token ? '' : ', signed out'})`
            const expected = isAdminPath(op.path) ? 403 : 404
            if (missing.status !== expected)
              problems.push(
                `${where}: a missing id answers ${missing.status} ${JSON.stringify(missing.body)}`,
              )
            const [h, m] = [shape(hidden, value), shape(missing, w.missing[hiddenKind])]
            if (h !== m) problems.push(`${where}: hidden ${h} ≠ missing ${m}`)
            const shown = leaks(hidden, value)
            if (shown.length > 0) problems.push(`${where}: the answer shows ${shown.join(', ')}`)
          }
      }
    }
    expect(checked).toBeGreaterThan(200)
    expect(problems).toEqual([])
    expect(await counts()).toEqual(before)
  }, 120_000)

  it('answers an id in a body naming a hidden object exactly as one naming nothing', async () => {
    const before = await counts()
    const problems: string[] = []
    let n = 0
    for (const c of BODY_CASES)
      for (const value of variants(c.kind)) {
        const hidden = await c.send(value, ++n)
        const missing = await c.send(w.missing[c.kind], ++n)
        const where = `${c.what} (${c.kind} ${value})`
        if (missing.status !== (c.status ?? 404))
          problems.push(`${where}: a missing id answers ${missing.status} ${JSON.stringify(missing.body)}`)
        const [h, m] = [shape(hidden, value), shape(missing, w.missing[c.kind])]
        if (h !== m) problems.push(`${where}: hidden ${h} ≠ missing ${m}`)
        const shown = leaks(hidden, value)
        if (shown.length > 0) problems.push(`${where}: the answer shows ${shown.join(', ')}`)
      }
    expect(problems).toEqual([])
    expect(await counts()).toEqual(before)
  })
})
