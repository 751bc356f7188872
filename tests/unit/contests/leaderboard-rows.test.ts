import { describe, expect, it } from 'vitest'
import type { LiveEntry } from '../../../server/areas/scoring'
import type { MembersPage } from '../../../web/src/features/contests/api'
import { boardRows } from '../../../web/src/features/contests/leaderboard-rows'

/** The leaderboard's page 1 with the pushed top over it (web/src/features/contests/leaderboard-rows.ts). */
const member = (id: number, rank: number, prize: number, mine = false) => ({
  id,
  is_current_user: mine,
  points: 100 - rank,
  prize,
  rank,
  refunded: false,
  user: { display_name: `P${id}`, image: null, slug: `p${id}`, team_name: null, username: `p${id}` },
  user_team: { id: id * 10, team_no: 1 },
})

const pushed = (id: number, rank: number): LiveEntry => ({
  member_id: id,
  rank,
  points: 200 - rank,
  user: { slug: `p${id}`, username: `p${id}`, team_name: null, image: null },
  team_no: 1,
  user_team_id: id * 10,
})

function page(version: number | null, prizes: boolean): MembersPage {
  const members = Array.from({ length: 12 }, (_, i) =>
    member(i + 1, i + 1, prizes ? 1000 - i * 50 : 0, i === 1),
  )
  return {
    members,
    current_user_members: [members[1] as (typeof members)[number]],
    version,
    meta: { current_page: 1, per_page: 50, total_pages: 1, total_count: 12 },
  } as unknown as MembersPage
}

const top = Array.from({ length: 10 }, (_, i) => pushed(i + 1, i + 1))

describe('boardRows', () => {
  it('lays the pushed top over a live page (newer version): points and ranks from the push', () => {
    const { rows, mine } = boardRows(page(4, false), { top, version: 5, mine: null, status: 'locked' }, 1)
    expect(rows[0]).toMatchObject({ member_id: 1, points: 199, prize: 0 })
    expect(rows).toHaveLength(12)
    expect(mine[0]?.member_id).toBe(2)
    expect(rows[1]?.mine).toBe(true)
  })

  it('shows a settled page as it is: every rank’s prize, 1–10 included, though a push is held', () => {
    // The last ball's push (version 9) is still in hand; the settled page has no version.
    const live = {
      top,
      version: 9,
      mine: [{ member_id: 2, user_team_id: 20, rank: 7, points: 1 }],
      status: null,
    }
    const { rows, mine } = boardRows(page(null, true), live, 1)
    expect(rows.map((r) => r.prize)).toEqual(page(null, true).members.map((m) => m.prize))
    expect(rows.slice(0, 10).every((r) => r.prize > 0)).toBe(true)
    expect(mine[0]).toMatchObject({ rank: 2, prize: 950 })
  })

  it('drops the overlay once the contest is completed, before the page is read again', () => {
    const { rows } = boardRows(page(4, false), { top, version: 5, mine: null, status: 'completed' }, 1)
    expect(rows[0]).toMatchObject({ member_id: 1, points: 99 })
  })

  it('never lays the top over page 2', () => {
    const { rows } = boardRows(page(4, false), { top, version: 5, mine: null, status: 'locked' }, 2)
    expect(rows[0]?.points).toBe(99)
  })
})
