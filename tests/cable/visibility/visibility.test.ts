import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHANNELS } from '../../../server/cable/channels'
import type { RunningServer } from '../../../server/main'
import { cableUrl, type Frame, type RawCable, rawCable, startCableServer } from '../../helpers/cable'
import { type HiddenKind, type HiddenWorld, hiddenWorld, type Kind, SECRET } from '../../helpers/hidden-world'
import { seedLeague } from '../../helpers/league'

/**
 * The visibility walk over /cable (docs/visibility.md): every channel's id parameter is mapped
 * to a kind; subscribing with the id of an object the caller may not see is rejected exactly as
 * with an id that names nothing, and no frame carries the object's text. A new channel, or a
 * channel's new way to name an object, that is not mapped below fails the walk.
 */

/** Every channel by name, with each way its identifier names an object (none: the caller's own). */
const CHANNEL_PARAMS: Record<string, Array<Record<string, Kind>>> = {
  NotificationsChannel: [],
  ClockChannel: [],
  MatchChannel: [{ match_id: 'match' }],
  ChampionshipChannel: [{ phase_id: 'phase' }],
  EsportsTournamentChannel: [{ tournament_id: 'esports_tournament' }],
  ContestChannel: [
    { contest_id: 'contest' },
    { championship_contest_id: 'championship_contest' },
    { match_id: 'match' },
  ],
  AuctionChannel: [{ auction_id: 'auction' }],
  AuctionTournamentChannel: [{ tournament_id: 'auction_tournament' }],
  ProfileChannel: [{ slug: 'user' }],
  TopicChannel: [{ topic_id: 'topic' }],
  GroupChannel: [{ group_uuid_id: 'group' }],
  ChatsChannel: [],
  EsportsContestChannel: [{ contest_id: 'esports_contest' }],
}

let server: RunningServer
let w: HiddenWorld
beforeAll(async () => {
  server = await startCableServer()
  const { deps } = server
  await seedLeague(deps)
  w = await hiddenWorld(deps)
}, 120_000)
afterAll(() => server.close())

/** The frames a subscription gets (its answer, and anything sent before it), on a fresh socket. */
async function subscribe(identifier: string): Promise<Frame[]> {
  const cable: RawCable = await rawCable(cableUrl(server, `?access_token=${w.caller.token}`))
  try {
    await cable.take((f) => f.type === 'welcome')
    cable.subscribe(identifier)
    await cable.take(
      (f) =>
        (f.type === 'reject_subscription' || f.type === 'confirm_subscription') &&
        f.identifier === identifier,
    )
    return cable.frames.filter((f) => f.type !== 'ping' && f.type !== 'welcome')
  } finally {
    await cable.close()
  }
}

describe('channels: one visibility rule per kind of object', () => {
  it('maps every channel to the kinds its identifier names', () => {
    expect(CHANNELS.map((c) => c.name).sort()).toEqual(Object.keys(CHANNEL_PARAMS).sort())
  })

  it('rejects a subscription to a hidden object exactly as one to a missing id', async () => {
    const problems: string[] = []
    let checked = 0
    for (const [channel, ways] of Object.entries(CHANNEL_PARAMS))
      for (const way of ways)
        for (const [param, kind] of Object.entries(way)) {
          if (!(kind in w.hidden)) continue
          const hiddenKind = kind as HiddenKind
          for (const value of [w.hidden[hiddenKind], ...(w.also[hiddenKind] ?? [])]) {
            const identifier = (v: string | number) => JSON.stringify({ channel, [param]: v })
            const hidden = await subscribe(identifier(value))
            const missing = await subscribe(identifier(w.missing[hiddenKind]))
            checked++
            // The identifier is the caller's own words: compared as `<identifier>`.
            const answer = (frames: Frame[], v: string | number) =>
              JSON.stringify(
                frames.map((f) =>
                  f.identifier === identifier(v) ? { ...f, identifier: '<identifier>' } : f,
                ),
              )
            const where = `${channel} ${param} (${kind} ${value})`
            if (!missing.some((f) => f.type === 'reject_subscription'))
              problems.push(`${where}: a missing id is not rejected: ${JSON.stringify(missing)}`)
            if (answer(hidden, value) !== answer(missing, w.missing[hiddenKind]))
              problems.push(`${where}: hidden ${JSON.stringify(hidden)} ≠ missing ${JSON.stringify(missing)}`)
            const text = answer(hidden, value).toLowerCase()
            const shown = w.secrets.filter((s) => text.includes(s.toLowerCase()))
            if (shown.length > 0) problems.push(`${where}: a frame shows ${shown.join(', ')}`)
          }
        }
    expect(checked).toBeGreaterThanOrEqual(9)
    expect(problems).toEqual([])
  }, 60_000)

  it('the owner of each hidden object subscribes to it', async () => {
    const own = async (identifier: string) => {
      const cable = await rawCable(cableUrl(server, `?access_token=${w.hider.token}`))
      try {
        await cable.take((f) => f.type === 'welcome')
        cable.subscribe(identifier)
        return (
          await cable.take(
            (f) =>
              (f.type === 'reject_subscription' || f.type === 'confirm_subscription') &&
              f.identifier === identifier,
          )
        ).type
      } finally {
        await cable.close()
      }
    }
    const identifiers = [
      { channel: 'ContestChannel', contest_id: w.hidden.contest },
      { channel: 'ContestChannel', championship_contest_id: w.hidden.championship_contest },
      { channel: 'AuctionChannel', auction_id: w.hidden.auction },
      { channel: 'AuctionTournamentChannel', tournament_id: w.hidden.auction_tournament },
      { channel: 'TopicChannel', topic_id: w.hidden.topic },
      { channel: 'GroupChannel', group_uuid_id: w.hidden.group },
      { channel: 'EsportsContestChannel', contest_id: w.hidden.esports_contest },
    ].map((i) => JSON.stringify(i))
    const answers = []
    for (const identifier of identifiers) answers.push(await own(identifier))
    expect(answers).toEqual(identifiers.map(() => 'confirm_subscription'))
  }, 60_000)

  it('a follower hears of a new post (feed_item) only when they may see it', async () => {
    const { deps } = server
    await deps.db
      .insertInto('follows')
      .values({ follower_id: w.caller.id, followee_id: w.hider.id, created_at_ms: deps.clock.now() })
      .onConflict((oc) => oc.doNothing())
      .execute()
    const cable = await rawCable(cableUrl(server, `?access_token=${w.caller.token}`))
    try {
      await cable.take((f) => f.type === 'welcome')
      const identifier = JSON.stringify({ channel: 'NotificationsChannel' })
      cable.subscribe(identifier)
      await cable.take((f) => f.type === 'confirm_subscription')
      const post = (body: unknown, path: string) =>
        fetch(`http://127.0.0.1:${server.port}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${w.hider.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      expect(
        (await post({ content: `${SECRET} in private` }, `/api/contests/${w.hidden.contest}/posts`)).status,
      ).toBe(201)
      const open = await post({ content: 'on my wall' }, '/api/posts')
      expect(open.status).toBe(201)
      const wallPost = ((await open.json()) as { post: { id: number } }).post.id
      // The wall post's feed_item is the first the caller gets: the private one never came.
      const item = await cable.take((f) => (f.message as { type?: string } | undefined)?.type === 'feed_item')
      expect(item.message).toMatchObject({ type: 'feed_item', post_id: wallPost })
    } finally {
      await cable.close()
    }
  }, 60_000)
})
