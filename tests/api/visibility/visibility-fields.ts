import type { HiddenKind, HiddenWorld, Kind } from '../../helpers/hidden-world'
import type { Answer } from '../../helpers/http'

/**
 * Ids in bodies and queries, for the visibility walk (visibility.test.ts, docs/visibility.md).
 *
 * `FIELDS` maps every body or query field of the API whose name says it names something
 * (`…_id`, `…_ids`, `…slug(s)`, `…code`, `username`) to what it names: a kind (hidden kinds
 * are then sent hidden and missing by a case in `bodyCases`), or what else it is. A new field
 * of that shape that is not mapped fails the walk, and so does a field mapped to a hidden kind
 * that no case sends.
 */
export type FieldKind =
  | Kind
  | HiddenKind[]
  /** The caller's own (a team to join with, an entry, a bid): their area answers 404 for others'. */
  | 'own'
  /** A member or entry of the object in the path, which the caller already sees. */
  | 'member'
  /** A key that opens a private thing (docs/visibility.md, "Keys"). */
  | 'code'
  /** A paging cursor. */
  | 'cursor'
  /** Public reference data (sports, series, matches, players, avatars, filters). */
  | 'public'
  /** Not an object's id (credentials, a client id, a character id, a room id being set). */
  | 'none'

const CONTEST_DRAFT: Record<string, FieldKind> = {
  match_id: 'public',
  phase_id: 'public',
  prize_structure_id: 'prize_structure',
  team_id: 'user_team',
}
const INVITE: Record<string, FieldKind> = { invite_code: 'code' }

export const FIELDS: Record<string, Record<string, FieldKind>> = {
  'POST /oauth/token': { username: 'none', client_id: 'none' },
  'POST /post_login': { username: 'none', client_id: 'none' },
  'POST /oauth/revoke': { client_id: 'none' },
  'POST /api/users': { username: 'none', ref_code: 'code' },
  'GET /api/users/username_availability': { username: 'none' },
  'PUT /api/me': { username: 'none', avatar_id: 'public' },
  'POST /api/groups': { member_slugs: 'user' },
  'POST /api/groups/create_one_to_one': { user_slug: 'user' },
  'POST /api/groups/join': { invite_code: 'code' },
  'POST /api/groups/{uuid}/members': { user_slugs: 'user' },
  'GET /api/groups/{uuid}/messages': { before_id: 'cursor' },
  'POST /api/groups/{uuid}/messages': { card_id: ['contest', 'auction', 'gang', 'phase_gang'] },
  'POST /api/groups/{uuid}/read': { message_id: 'message' },
  'GET /api/contests/home': { sport_slug: 'public' },
  'POST /api/contests': CONTEST_DRAFT,
  'GET /api/contests': { filter_ids: 'public', game_id: 'public', sport_slug: 'public' },
  'POST /api/contests/verify': CONTEST_DRAFT,
  'PUT /api/contests/{id}': CONTEST_DRAFT,
  'GET /api/contests/{id}': INVITE,
  'POST /api/contests/{id}/verify': CONTEST_DRAFT,
  'POST /api/contests/{id}/update_members': { remove_member_ids: 'member' },
  'GET /api/contests/{id}/activities': INVITE,
  'PUT /api/championship/contests/{id}': CONTEST_DRAFT,
  'GET /api/championship/contests/{id}': INVITE,
  'POST /api/championship/contests/{id}/verify': CONTEST_DRAFT,
  'POST /api/championship/contests/{id}/update_members': { remove_member_ids: 'member' },
  'GET /api/championship/contests/{id}/activities': INVITE,
  'GET /api/game_accounts': { contest_id: 'esports_contest' },
  'POST /api/game_accounts': { slug: 'public', character_id: 'none' },
  'GET /api/game_accounts/search': { slug: 'public' },
  'PUT /api/game_accounts/{id}': { character_id: 'none' },
  'POST /api/esports/contests/{id}/join': { squad_invite_code: 'code', invite_code: 'code' },
  'GET /api/squad_teams': { contest_id: 'esports_contest' },
  'PUT /api/squad_teams/{id}/captain': { user_id: 'member' },
  'POST /api/squad_teams/{id}/invite': { username: 'user' },
  'POST /api/squad_teams/{id}/remove': { user_id: 'member' },
  'POST /api/pubg_members/update_members': { squad_id: 'squad' },
  'POST /api/free_fire_members/update_members': { squad_id: 'squad' },
  'POST /api/call_of_duty_members/update_members': { squad_id: 'squad' },
  'PUT /api/esports/contests/{id}/room_details': { room_id: 'none' },
  'POST /api/esports/contests/{id}/disputes': { squad_id: 'member' },
  'POST /api/esports/tournaments/{id}/squads/join': { invite_code: 'code' },
  'POST /api/reports': { contest_id: ['contest', 'championship_contest'] },
  'GET /api/contests/{id}/posts': { before_id: 'cursor', invite_code: 'code' },
  'GET /api/users/{slug}/posts': { before_id: 'cursor' },
  'GET /api/posts/{id}/comments': { after_id: 'cursor' },
  'POST /api/posts/{id}/comments': { parent_id: 'comment' },
  'GET /api/feeds': { before_id: 'cursor' },
  'GET /api/contests/popular': { filter_ids: 'public' },
  'GET /api/contests/cricket': { filter_ids: 'public' },
  'GET /api/matches/{id}/contests': { filter_ids: 'public' },
  'GET /api/series/{id}/contests': { filter_ids: 'public', phase_id: 'public' },
  'GET /api/contests/{id}/prizes': INVITE,
  'GET /api/contests/{id}/info': INVITE,
  'GET /api/contests/{id}/overview': INVITE,
  'GET /api/contests/{id}/members': INVITE,
  'POST /api/contests/{id}/join': { team_id: 'user_team', invite_code: 'code' },
  'GET /api/contests/{id}/compare': { member_id: 'member', member_ids: 'own' },
  'POST /api/championship/contests/{id}/join': { classic_team_id: 'own', invite_code: 'code' },
  'GET /api/matches': { sport_slug: 'public', series_id: 'public', phase_id: 'public' },
  'GET /api/matches/{id}/players': { user_team_id: 'user_team' },
  'GET /api/series': { sport_slug: 'public' },
  'GET /api/series_phases/{id}/players': { classic_team_id: 'classic_team' },
  'GET /api/players': { sport_slug: 'public' },
  'POST /api/leagues/join': { code: 'code' },
  'POST /api/leagues/join_request': { code: 'code' },
  'GET /api/matches/{match_id}/user_teams': { contest_id: 'contest' },
  'POST /api/matches/{match_id}/user_teams': { player_ids: 'public' },
  'PUT /api/matches/{match_id}/user_teams/{id}': { player_ids: 'public' },
  'GET /api/championship/series_phases': { series_id: 'public' },
  'GET /api/championship/series_phases/{id}/players': { classic_team_id: 'classic_team' },
  'GET /api/championship/classic_teams': { phase_id: 'public' },
  'PUT /api/championship/classic_teams/{id}': { player_ids: 'public' },
  'PUT /api/me/save_pan': { attachment_id: 'attachment' },
  'POST /api/redemptions': { redemption_type_id: 'public' },
  'POST /api/claim_refunds': { user_credit_id: 'user_credit', contest_id: 'contest' },
  'POST /api/scratch_cards/claim': { id: 'scratch_card' },
  'POST /api/me/refer_code': { ref_code: 'code' },
  'GET /api/auctions': { code: 'code' },
  'POST /api/auctions': { series_id: 'public', match_id: 'public', group_uuid_id: 'group' },
  'GET /api/auctions/by_group': { group_uuid_id: 'group' },
  'POST /api/auctions/{id}/join': { code: 'code' },
  'POST /api/auctions/{id}/bid_player': { player_id: 'public' },
  'POST /api/auctions/{id}/secondary_bids': { player_id: 'public' },
  'POST /api/auctions/{id}/release': { player_id: 'public' },
  'POST /api/auction/tournaments': { series_id: 'public' },
  'POST /api/auction/tournaments/{id}/join': { code: 'code' },
  'POST /api/auction/tournaments/{id}/bid_player': { player_id: 'public' },
  'POST /api/auction/tournaments/{id}/release': { bid_id: 'own' },
}

/** A body or query field whose name says it names something. */
export const NAMES_SOMETHING = /(^|_)(id|ids|slug|slugs|uuid_id|code|username)$/

/** Ids in a body or query that name an object: each sent hidden and missing, from the caller's own context. */
export interface BodyCase {
  /** `METHOD path` and the field, as in FIELDS. */
  op: string
  field: string
  kind: HiddenKind
  /** What a missing id answers: 404, 422 for lists of people by slug, 200 for a mark on my own list. */
  status?: number
  send(value: string | number, n: number): Promise<Answer>
}

export function bodyCases(w: HiddenWorld): BodyCase[] {
  const { api } = w
  const token = w.caller.token
  const post = (path: string, body: unknown) => api.post(path, body, token)
  const cases: BodyCase[] = []
  const add = (op: string, field: string, kind: HiddenKind, send: BodyCase['send'], status?: number) =>
    cases.push({ op, field, kind, send, ...(status === undefined ? {} : { status }) })

  const cards = [
    ['contest_card', 'contest'],
    ['auction_invite', 'auction'],
    ['gang_card', 'gang'],
    ['gang_card', 'phase_gang'],
  ] as const
  for (const [type, kind] of cards)
    add('POST /api/groups/{uuid}/messages', 'card_id', kind, (v, n) =>
      post(`/api/groups/${w.visible.group}/messages`, {
        identifier_key: `card-${kind}-${n}`,
        message: 'Look',
        message_type: type,
        card_id: v,
      }),
    )
  add('POST /api/groups/{uuid}/read', 'message_id', 'message', (v) =>
    post(`/api/groups/${w.visible.group}/read`, { message_id: v }),
  )
  for (const kind of ['contest', 'championship_contest'] as const)
    add('POST /api/reports', 'contest_id', kind, (v) =>
      post('/api/reports', { contest_id: v, contest_type: kind, reason: 'spam', text: 'Probe' }),
    )
  const auction = { name: 'Probe', match_id: w.visible.match, squad_min: 2, squad_max: 4, balanced: false }
  add('POST /api/auctions', 'group_uuid_id', 'group', (v) =>
    post('/api/auctions', { ...auction, group_uuid_id: v }),
  )
  add('GET /api/auctions/by_group', 'group_uuid_id', 'group', (v) =>
    api.get(`/api/auctions/by_group?group_uuid_id=${v}`, token),
  )
  add('POST /api/contests/{id}/join', 'team_id', 'user_team', (v) =>
    post(`/api/contests/${w.publicContest}/join`, { team_id: v }),
  )
  const draft = { ...w.draft }
  for (const op of ['POST /api/contests', 'POST /api/contests/verify']) {
    const path = op.slice('POST '.length)
    // A draft reports every problem at once, 422 by field: someone else's team or saved prize is
    // "not one of yours", exactly as one that does not exist.
    add(op, 'team_id', 'user_team', (v) => post(path, { ...draft, team_id: v }), 422)
    add(
      op,
      'prize_structure_id',
      'prize_structure',
      (v) => post(path, { ...draft, prize_structure_id: v }),
      422,
    )
  }
  // The owner's edits of their own contests (and the check of an edit) read the same fields.
  for (const [base, id] of [
    ['/api/contests/{id}', w.visible.contest],
    ['/api/championship/contests/{id}', w.visible.championship_contest],
  ] as const)
    for (const [method, suffix] of [
      ['PUT', ''],
      ['POST', '/verify'],
    ] as const) {
      const op = `${method} ${base}${suffix}`
      const path = `${base.replace('{id}', String(id))}${suffix}`
      const call = (body: unknown) => api.call(method, path, { body, token })
      // An edit leaves the owner's entry alone: `team_id` changes nothing, whoever's it names.
      add(op, 'team_id', 'user_team', (v) => call({ team_id: v }), 200)
      add(op, 'prize_structure_id', 'prize_structure', (v) => call({ prize_structure_id: v }), 422)
    }
  add('POST /api/claim_refunds', 'user_credit_id', 'user_credit', (v) =>
    post('/api/claim_refunds', { reason: 'My deposit never arrived, please look', user_credit_id: v }),
  )
  add('POST /api/claim_refunds', 'contest_id', 'contest', (v) =>
    post('/api/claim_refunds', { reason: 'My entry fee never came back to me', contest_id: v }),
  )
  add('POST /api/scratch_cards/claim', 'id', 'scratch_card', (v) =>
    post('/api/scratch_cards/claim', { id: v }),
  )
  add('PUT /api/me/save_pan', 'attachment_id', 'attachment', (v) =>
    api.put(
      '/api/me/save_pan',
      { name: 'Probe Player', pan_number: 'ABCDE1234F', dob: '1990-11-05', attachment_id: v },
      token,
    ),
  )
  add('POST /api/posts/{id}/comments', 'parent_id', 'comment', (v) =>
    post(`/api/posts/${w.visible.post}/comments`, { content: 'Reply', parent_id: v }),
  )
  add(
    'POST /api/groups/create_one_to_one',
    'user_slug',
    'user',
    (v) => post('/api/groups/create_one_to_one', { user_slug: v }),
    422,
  )
  add(
    'POST /api/groups',
    'member_slugs',
    'user',
    (v) => post('/api/groups', { name: 'Probe', member_slugs: [v] }),
    422,
  )
  add(
    'POST /api/groups/{uuid}/members',
    'user_slugs',
    'user',
    (v) => post(`/api/groups/${w.visible.group}/members`, { user_slugs: [v] }),
    422,
  )
  add('POST /api/squad_teams/{id}/invite', 'username', 'user', (v) =>
    post(`/api/squad_teams/${w.ownSquad}/invite`, { username: v }),
  )
  for (const type of ['pubg', 'free_fire', 'call_of_duty'])
    add(`POST /api/${type}_members/update_members`, 'squad_id', 'squad', (v) =>
      post(`/api/${type}_members/update_members`, { squad_id: v, members: [{ id: 1, position: 1 }] }),
    )
  for (const path of ['/api/game_accounts', '/api/squad_teams'])
    add(`GET ${path}`, 'contest_id', 'esports_contest', (v) => api.get(`${path}?contest_id=${v}`, token))
  add('GET /api/matches/{id}/players', 'user_team_id', 'user_team', (v) =>
    api.get(`/api/matches/${w.visible.match}/players?user_team_id=${v}`, token),
  )
  for (const path of ['/api/series_phases/{id}/players', '/api/championship/series_phases/{id}/players'])
    add(`GET ${path}`, 'classic_team_id', 'classic_team', (v) =>
      api.get(`${path.replace('{id}', String(w.visible.phase))}?classic_team_id=${v}`, token),
    )
  // Marks which of my teams joined the contest: false for a hidden one and a missing one alike.
  add(
    'GET /api/matches/{match_id}/user_teams',
    'contest_id',
    'contest',
    (v) => api.get(`/api/matches/${w.visible.match}/user_teams?contest_id=${v}`, token),
    200,
  )
  return cases
}
