import type { Actor, Kit, Recipe } from './kit'

/** Valid requests for esports contests, their squads and results, tournaments and game accounts. */

type Game = 'pubg' | 'free-fire' | 'call-of-duty'

/** A duo (or squad) contest of the game with one squad: its captain and a mate, both paid in. */
async function squad(k: Kit, game: Game = 'pubg', mode: 'duo' | 'squad' = 'duo') {
  const c = await k.esportsContest({ kind: game, mode })
  const captain = await k.gamer({ rupees: 100, game })
  const mate = await k.gamer({ rupees: 100, game })
  const first = await k.ok(
    'squad',
    k.api.post(`/api/esports/contests/${c.id}/join`, { squad_name: `Walk ${k.unique()}` }, captain.token),
  )
  const code = first.squad.invite_code as string
  const second = await k.ok(
    'squad join',
    k.api.post(`/api/esports/contests/${c.id}/join`, { squad_invite_code: code }, mate.token),
  )
  return {
    contest: c,
    captain,
    mate,
    squadId: first.squad.id as number,
    captainMember: first.esports_member.id as number,
    mateMember: second.esports_member.id as number,
  }
}

/** A contest with two paid solo members, locked and past its start: ready for results. */
async function played(k: Kit) {
  const c = await k.esportsContest()
  const members: Actor[] = []
  for (let i = 0; i < 2; i++) {
    const p = await k.gamer({ rupees: 100 })
    await k.ok('join', k.api.post(`/api/esports/contests/${c.id}/join`, {}, p.token))
    members.push(p)
  }
  await k.deps.db
    .updateTable('esports_contests')
    .set({ status: 'locked', starts_at_ms: k.deps.clock.now() - 60_000 })
    .where('id', '=', c.id)
    .execute()
  return { ...c, members }
}

const editAliases: Array<[string, Game]> = [
  ['/api/esports/contests', 'pubg'],
  ['/api/pubgs', 'pubg'],
  ['/api/free_fires', 'free-fire'],
  ['/api/call_of_duties', 'call-of-duty'],
]
const memberTypes: Array<[string, Game]> = [
  ['pubg', 'pubg'],
  ['free_fire', 'free-fire'],
  ['call_of_duty', 'call-of-duty'],
]

async function tournament(k: Kit, mode: 'solo' | 'duo' = 'solo') {
  const hour = 3_600_000
  const now = k.deps.clock.now()
  const body = {
    name: `Walk Cup ${k.unique()}`,
    mode,
    squads_limit: 8,
    registration_closes_at: now + hour,
    rounds: [{ lobby_size: 8, qualify_rule: 'top_overall', qualify_count: 0, starts_at: now + 2 * hour }],
  }
  const made = await k.ok('tournament', k.api.post('/api/esports/tournaments', body, k.admin.token))
  return made.esports_tournament as { id: number; rounds: Array<{ id: number }> }
}

async function registered(k: Kit, t: { id: number }) {
  const p = await k.gamer()
  const body = { name: `Walkers ${k.unique()}` }
  const reg = await k.ok('register', k.api.post(`/api/esports/tournaments/${t.id}/squads`, body, p.token))
  return { player: p, code: reg.esports_tournament.my_squad.invite_code as string }
}

export const esportsRecipes: Record<string, Recipe> = {
  'POST /api/esports/contests': async (k) => {
    const host = await k.gamer({ access: true })
    const body = {
      kind: 'pubg',
      mode: 'solo',
      name: 'Walk Room',
      entry_fee: 20,
      prize_ranges: [{ from: 1, to: 1, percent: 100 }],
      slots: 10,
      starts_at: k.deps.clock.now() + 6 * 3_600_000,
    }
    return { token: host.token, path: '/api/esports/contests', body }
  },
  ...Object.fromEntries(
    editAliases.map(([base, kind]): [string, Recipe] => [
      `PUT ${base}/{id}`,
      async (k) => {
        const c = await k.esportsContest({ kind })
        return { token: c.host.token, path: `${base}/${c.id}`, body: { entry_fee: 30 } }
      },
    ]),
  ),
  'DELETE /api/esports/contests/{id}': async (k) => {
    const { contest } = await squad(k)
    return { token: contest.host.token, path: `/api/esports/contests/${contest.id}` }
  },
  'POST /api/esports/contests/{id}/join': async (k) => {
    const c = await k.esportsContest()
    const p = await k.gamer({ rupees: 100 })
    return { token: p.token, path: `/api/esports/contests/${c.id}/join`, body: {} }
  },
  'DELETE /api/esports/contests/{id}/membership': async (k) => {
    const s = await squad(k)
    return { token: s.mate.token, path: `/api/esports/contests/${s.contest.id}/membership` }
  },
  'PUT /api/squad_teams/{id}': async (k) => {
    const s = await squad(k)
    return { token: s.captain.token, path: `/api/squad_teams/${s.squadId}`, body: { name: 'Renamed' } }
  },
  'PUT /api/squad_teams/{id}/captain': async (k) => {
    const s = await squad(k)
    return {
      token: s.captain.token,
      path: `/api/squad_teams/${s.squadId}/captain`,
      body: { user_id: s.mate.id },
    }
  },
  'POST /api/squad_teams/{id}/invite': async (k) => {
    const s = await squad(k, 'pubg', 'squad')
    const friend = await k.player()
    return {
      token: s.captain.token,
      path: `/api/squad_teams/${s.squadId}/invite`,
      body: { username: friend.username },
    }
  },
  'POST /api/squad_teams/{id}/remove': async (k) => {
    const s = await squad(k)
    return {
      token: s.captain.token,
      path: `/api/squad_teams/${s.squadId}/remove`,
      body: { user_id: s.mate.id },
    }
  },
  ...Object.fromEntries(
    memberTypes.flatMap(
      ([type, game]): Array<[string, Recipe]> => [
        [
          `PUT /api/${type}_members/{id}`,
          async (k) => {
            const s = await squad(k, game)
            return {
              token: s.captain.token,
              path: `/api/${type}_members/${s.captainMember}`,
              body: { in_game_name: 'WalkAce' },
            }
          },
        ],
        [
          `POST /api/${type}_members/update_members`,
          async (k) => {
            const s = await squad(k, game)
            const members = [
              { id: s.captainMember, position: 2 },
              { id: s.mateMember, position: 1 },
            ]
            return {
              token: s.captain.token,
              path: `/api/${type}_members/update_members`,
              body: { squad_id: s.squadId, members },
            }
          },
        ],
      ],
    ),
  ),
  'PUT /api/esports/contests/{id}/room_details': async (k) => {
    const c = await k.esportsContest()
    return {
      token: c.host.token,
      path: `/api/esports/contests/${c.id}/room_details`,
      body: { room_id: 'ROOM4471', room_password: 'x7k2' },
    }
  },
  // The first results pay the prizes.
  'POST /api/esports/contests/{id}/results': async (k) => {
    const c = await played(k)
    return { token: c.host.token, path: `/api/esports/contests/${c.id}/results`, body: { simulate: true } }
  },
  'POST /api/esports/contests/{id}/disputes': async (k) => {
    const c = await played(k)
    await k.ok(
      'results',
      k.api.post(`/api/esports/contests/${c.id}/results`, { simulate: true }, c.host.token),
    )
    return {
      token: c.members[0]?.token,
      path: `/api/esports/contests/${c.id}/disputes`,
      body: { text: 'Our placement is wrong, please check the room' },
    }
  },
  'POST /api/esports/tournaments': async (k) => {
    const now = k.deps.clock.now()
    return {
      token: k.admin.token,
      path: '/api/esports/tournaments',
      body: {
        name: `Walk Cup ${k.unique()}`,
        mode: 'solo',
        squads_limit: 8,
        registration_closes_at: now + 3_600_000,
        rounds: [
          { lobby_size: 8, qualify_rule: 'top_overall', qualify_count: 0, starts_at: now + 7_200_000 },
        ],
      },
    }
  },
  'POST /api/esports/tournaments/{id}/squads': async (k) => {
    const t = await tournament(k)
    const p = await k.gamer()
    return { token: p.token, path: `/api/esports/tournaments/${t.id}/squads`, body: { name: 'Walkers' } }
  },
  'POST /api/esports/tournaments/{id}/squads/join': async (k) => {
    const t = await tournament(k, 'duo')
    const { code } = await registered(k, t)
    const p = await k.gamer()
    return {
      token: p.token,
      path: `/api/esports/tournaments/${t.id}/squads/join`,
      body: { invite_code: code },
    }
  },
  'DELETE /api/esports/tournaments/{id}/membership': async (k) => {
    const t = await tournament(k)
    const { player } = await registered(k, t)
    return { token: player.token, path: `/api/esports/tournaments/${t.id}/membership` }
  },
  'POST /api/esports/rounds/{id}/seed': async (k) => {
    const t = await tournament(k)
    for (let i = 0; i < 2; i++) await registered(k, t)
    return { token: k.admin.token, path: `/api/esports/rounds/${t.rounds[0]?.id}/seed`, body: {} }
  },
  'PUT /api/game_accounts/{id}': async (k) => {
    const p = await k.player()
    const body = { slug: 'pubg', in_game_name: 'WalkAce', character_id: `5${k.unique()}0000`, game_level: 30 }
    const made = await k.ok('game account', k.api.post('/api/game_accounts', body, p.token))
    return { token: p.token, path: `/api/game_accounts/${made.game_account.id}`, body: { game_level: 31 } }
  },
  ...Object.fromEntries(
    (['verify', 'reject'] as const).map((decision): [string, Recipe] => [
      `POST /api/admin/game_accounts/{id}/${decision}`,
      async (k) => {
        const p = await k.player()
        const body = {
          slug: 'pubg',
          in_game_name: 'WalkAce',
          character_id: `6${k.unique()}0000`,
          game_level: 30,
        }
        const made = await k.ok('game account', k.api.post('/api/game_accounts', body, p.token))
        return {
          token: k.admin.token,
          path: `/api/admin/game_accounts/${made.game_account.id}/${decision}`,
          body: decision === 'reject' ? { reason: 'blurry screenshot' } : undefined,
        }
      },
    ]),
  ),
}
