import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { SPORTS } from '../../../seeds/reference-data'
import { GAME_KINDS } from '../../../server/domain/game-kinds'
import { gameSlugOf, kindsOfGame } from '../../../web/src/features/contest-rules/api'
import { type Activity, activitiesQuery, prependActivity } from '../../../web/src/features/contests/owner-api'

describe('game kinds on the games pages', () => {
  it('puts every game kind under a game the server has, once', () => {
    const sports = new Set(SPORTS.map((s) => s.slug))
    for (const kind of GAME_KINDS) expect(sports, kind.slug).toContain(gameSlugOf(kind))
    const listed = SPORTS.flatMap((s) => kindsOfGame(s.slug).map((k) => k.slug))
    expect(listed.sort()).toEqual(GAME_KINDS.map((k) => k.slug).sort())
  })

  it('gives cricket its match, championship and auction kinds, PUBG its three', () => {
    expect(kindsOfGame('cricket').map((k) => k.slug)).toEqual(['single-match', 'championship', 'auction'])
    expect(kindsOfGame('pubg').map((k) => k.slug)).toEqual(['pubg', 'pubg-lite', 'pubg-single-match'])
    expect(kindsOfGame('f1').map((k) => k.slug)).toEqual(['f1-single-match'])
  })
})

const activity = (id: number, kind: Activity['kind'] = 'joined'): Activity => ({
  id,
  kind,
  body: `activity ${id}`,
  user: null,
  created_at_in_millis: 1_000 * id,
})

describe('prependActivity (a pushed activity)', () => {
  const seeded = () => {
    const client = new QueryClient()
    const meta = { page: 1, per_page: 30, total: 2, total_pages: 1 }
    client.setQueryData(activitiesQuery('contest', 9).queryKey, {
      pages: [{ activities: [activity(2), activity(1, 'created')], meta }],
      pageParams: [1],
    })
    return client
  }
  const ids = (client: QueryClient) =>
    client
      .getQueryData(activitiesQuery('contest', 9).queryKey)
      ?.pages.flatMap((p) => p.activities.map((a) => a.id))

  it('goes on top of the first page and counts', () => {
    const client = seeded()
    prependActivity(client, 'contest', 9, activity(3))
    expect(ids(client)).toEqual([3, 2, 1])
    expect(client.getQueryData(activitiesQuery('contest', 9).queryKey)?.pages[0]?.meta.total).toBe(3)
  })

  it('drops a repeat (the same id pushed again after a reconnect)', () => {
    const client = seeded()
    prependActivity(client, 'contest', 9, activity(2))
    expect(ids(client)).toEqual([2, 1])
  })

  it('leaves another contest and a list never read alone', () => {
    const client = seeded()
    prependActivity(client, 'contest', 10, activity(3))
    prependActivity(client, 'championship_contest', 9, activity(4))
    expect(ids(client)).toEqual([2, 1])
    expect(client.getQueryData(activitiesQuery('contest', 10).queryKey)).toBeUndefined()
  })
})
