import { describe, expect, it } from 'vitest'
import { CHARACTER_ID_PATTERN, GAME_LEVEL_MAX } from '../../../server/domain/esports/rules'
import { seededLeague } from '../../helpers/world'

// Seeded game accounts (seeds/writers/game-accounts.ts, docs/esports.md "Game accounts"): the
// demo player has all three games verified, enough verified PUBG and Free Fire players for a
// tournament and a room, and two pending accounts wait in the admins' queue.

const seeded = seededLeague({ users: 24 }, 60_000)

describe('the seeded game accounts', () => {
  it('gives the demo player, 20 PUBG players, 8 Free Fire players and two pending ones their accounts', async () => {
    const rows = await seeded.deps.db
      .selectFrom('game_accounts as g')
      .innerJoin('users as u', 'u.id', 'g.user_id')
      .select([
        'g.id',
        'g.game',
        'g.status',
        'g.character_id',
        'g.game_level',
        'g.in_game_name',
        'u.username',
      ])
      .orderBy('g.id')
      .execute()
    expect(seeded.summary.game_accounts).toBe(rows.length)
    const demo = rows.filter((r) => r.username === seeded.deps.config.demo.username)
    expect(demo.map((r) => [r.game, r.status])).toEqual([
      ['pubg', 'verified'],
      ['free-fire', 'verified'],
      ['call-of-duty', 'verified'],
    ])
    const others = rows.filter((r) => r.username !== seeded.deps.config.demo.username)
    const count = (game: string, status: string) =>
      others.filter((r) => r.game === game && r.status === status).length
    expect(count('pubg', 'verified')).toBeGreaterThanOrEqual(16)
    expect(count('free-fire', 'verified')).toBeGreaterThanOrEqual(8)
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(2)
    for (const r of rows) {
      expect(r.character_id).toMatch(CHARACTER_ID_PATTERN)
      expect(r.game_level).toBeGreaterThanOrEqual(1)
      expect(r.game_level).toBeLessThanOrEqual(GAME_LEVEL_MAX)
      expect(r.in_game_name.length).toBeGreaterThanOrEqual(2)
      expect(r.in_game_name.length).toBeLessThanOrEqual(24)
    }
  })
})
