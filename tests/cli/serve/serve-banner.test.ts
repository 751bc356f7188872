import { describe, expect, it } from 'vitest'
import { banner } from '../../../cli/commands/serve'
import { style } from '../../../cli/lib/style'
import type { SeedSummary } from '../../../seeds/demo-league'
import { loadConfig } from '../../../server/core/config'

const urls = {
  url: 'http://127.0.0.1:3000/',
  api_docs: 'x',
  cable: 'y',
  social: 'http://127.0.0.1:3000/feeds',
  chats: 'http://127.0.0.1:3000/groups',
  esports: 'http://127.0.0.1:3000/pubg/contests',
  database: 'z',
}

describe('the serve banner', () => {
  it('prints the code of the seeded friends’ contest when it made the league', () => {
    const seeded = { seed: 42, users: 26, private_contest_code: 'ABCD2345' } as unknown as SeedSummary
    const text = banner({ ...urls, seeded, hasLeague: true, config: loadConfig({}, {}), s: style(false) })
    expect(text).toContain(
      `A friends' private contest to try: code ABCD2345 ("Enter contest code" on the web, or fanspole contest join --code ABCD2345)`,
    )
    const later = banner({
      ...urls,
      seeded: null,
      hasLeague: true,
      config: loadConfig({}, {}),
      s: style(false),
    })
    expect(later).not.toContain('private contest')
  })

  it('points at the social side: the feed URL, and what the seed made of it', () => {
    const seeded = {
      seed: 42,
      follows: 120,
      posts: 30,
      comments: 41,
      likes: 200,
      ratings: 17,
      private_contest_code: null,
    } as unknown as SeedSummary
    const text = banner({ ...urls, seeded, hasLeague: true, config: loadConfig({}, {}), s: style(false) })
    expect(text).toContain('Social: 120 follows, 30 posts, 41 comments, 200 likes, 17 ratings\n')
    expect(text).toMatch(
      /^ {2}Social +http:\/\/127\.0\.0\.1:3000\/feeds \(feed; \/discover, \/leaderboards, or fanspole social feed\)$/m,
    )
  })

  it('points at the chats: the /groups URL, and how many the seed made', () => {
    const seeded = {
      seed: 42,
      groups: 8,
      group_messages: 96,
      private_contest_code: null,
    } as unknown as SeedSummary
    const text = banner({ ...urls, seeded, hasLeague: true, config: loadConfig({}, {}), s: style(false) })
    expect(text).toContain('Chats: 8 groups and one-to-ones, 96 messages\n')
    expect(text).toMatch(
      /^ {2}Chats +http:\/\/127\.0\.0\.1:3000\/groups \(or fanspole group list, fanspole group chat <id>\)$/m,
    )
  })

  it('points at the esports rooms and tournaments', () => {
    const text = banner({
      ...urls,
      seeded: null,
      hasLeague: true,
      config: loadConfig({}, {}),
      s: style(false),
    })
    expect(text).toMatch(
      /^ {2}Esports +http:\/\/127\.0\.0\.1:3000\/pubg\/contests \(custom rooms; \/pubg\/tournaments, or fanspole esports contest list\)$/m,
    )
  })
})
