import { describe, expect, it } from 'vitest'
import { contestRow, memberRow } from '../../helpers/contest-rows'
import { exits } from '../helpers'
import { leagueCli } from '../match-world'

// `fanspole social …` against a real server with the demo league (docs/social.md, "CLI, seeds
// and scenarios"): the social flow end to end through the command line.

const ctx = leagueCli()
const { cli, signIn } = ctx

describe('fanspole social', () => {
  it('follows from suggestions, reads the feed, likes, comments and sees a reply', async () => {
    const star = await ctx.world.api.player('cli_star')
    const fan = await ctx.world.api.player('cli_fan')
    await signIn(fan)

    // Suggestions come from the seeded follow graph: the most followed first, never me.
    const suggested = await cli('social', 'suggestions', '--limit', '5', '--json')
    expect(suggested.code).toBe(0)
    const users = suggested.json().users as Array<{ slug: string; follower_count: number }>
    expect(users).toHaveLength(5)
    expect(users.map((u) => u.slug)).not.toContain(fan.slug)
    expect(users.map((u) => u.follower_count)).toEqual(
      [...users.map((u) => u.follower_count)].sort((a, b) => b - a),
    )
    const table = await cli('social', 'suggestions', '--limit', '3')
    expect(table.stdout).toMatch(/^USER +NAME +LEVEL +FOLLOWERS +RATING +FOLLOWING$/m)

    const followed = await cli('social', 'follow', '@CLI_Star')
    expect(followed.code).toBe(0)
    expect(followed.stdout).toContain('Following cli_star · 1 followers, follows 0')
    // Idempotent: the count stays 1.
    expect((await cli('social', 'follow', 'cli_star', '--json')).json().user.follower_count).toBe(1)
    const mine = await cli('social', 'followings')
    expect(mine.stdout).toMatch(/^cli_star .* yes$/m)
    const theirs = await cli('social', 'followers', 'cli_star', '--json')
    expect(theirs.json().users.map((u: { slug: string }) => u.slug)).toEqual([fan.slug])

    // The star posts (API); it is in the fan's feed.
    const posted = await ctx.world.api.post('/api/posts', { content: 'Big day\nfor @cli_fan' }, star.token)
    expect(posted.status).toBe(201)
    const postId = posted.body.post.id as number
    const feed = await cli('social', 'feed')
    expect(feed.code).toBe(0)
    expect(feed.stdout).toMatch(
      new RegExp(`^ *${postId} +cli_star +wall +0 +0 .* Big day ⏎ for @cli_fan$`, 'm'),
    )

    const liked = await cli('social', 'like', 'post', String(postId))
    expect(liked.stdout).toBe(`Liked post #${postId} · 1 like\n`)
    expect((await cli('social', 'like', 'post', String(postId))).stdout).toContain('· 1 like\n')

    const commented = await cli('social', 'comment', String(postId), 'Well played', '--json')
    expect(commented.code).toBe(0)
    const commentId = commented.json().comment.id as number
    // The star replies (API); the fan reads the thread with the reply under the comment.
    const reply = await ctx.world.api.post(
      `/api/posts/${postId}/comments`,
      { content: 'Thanks!', parent_id: commentId },
      star.token,
    )
    expect(reply.status).toBe(201)
    const thread = await cli('social', 'comments', String(postId))
    expect(thread.stdout).toContain('Big day\n  for @cli_fan\n')
    expect(thread.stdout).toMatch(
      new RegExp(`  \\[${commentId}\\] cli_fan: Well played\\n      \\[\\d+\\] cli_star: Thanks!`),
    )
    expect(thread.stdout).toContain('1 like (you like it) · 2 comments')

    const unliked = await cli('social', 'unlike', 'post', String(postId))
    expect(unliked.stdout).toBe(`Not liked post #${postId} · 0 likes\n`)

    const rated = await cli('social', 'rate', 'cli_star', '4', '--review', 'Good sport')
    expect(rated.code).toBe(0)
    expect(rated.stdout).toContain('Average 4.0 from 1 rating')

    const unfollowed = await cli('social', 'unfollow', 'cli_star')
    expect(unfollowed.stdout).toContain('Not following cli_star · 0 followers')
  })

  it('posts on a wall and on a contest, from an argument or stdin', async () => {
    const p = await ctx.world.api.player('cli_poster')
    await signIn(p)
    const wall = await cli('social', 'post', 'Hello @nobody_here', '--json')
    expect(wall.code).toBe(0)
    expect(wall.json().post).toMatchObject({ contest: null, wall: { slug: p.slug }, mentions: [] })

    const contest = await ctx.world.server.deps.db
      .selectFrom('contests')
      .select(['id', 'name'])
      .where('is_private', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const on = await cli('social', 'post', 'Who else is in?', '--contest', String(contest.id))
    expect(on.code).toBe(0)
    expect(on.stdout).toContain(`on contest #${contest.id}`)

    const liked = await cli('social', 'like', 'contest', String(contest.id), '--json')
    expect(liked.json().contest.is_liked_by_current_user).toBe(true)

    // The feed shows my own posts too, newest first, with paging hints.
    const feed = await cli('social', 'feed', '--limit', '1')
    expect(feed.stdout).toMatch(/Who else is in\?/)
    expect(feed.stdout).toMatch(/older: fanspole social feed --before \d+/)
  })

  it('shows prizes won in the feed beside posts', async () => {
    // A player won a prize in a settled public contest (rows, as tests/api/posts/feeds.test.ts makes
    // them); a new player follows them and finds the prize in their feed.
    const { deps } = ctx.world.server
    const winner = await ctx.world.api.player('cli_winner')
    const contestId = await contestRow(deps, { status: 'completed', name: 'Sunday Showdown' })
    await memberRow(deps, contestId, winner.id)
    await deps.db
      .updateTable('contests')
      .set({ settled_at_ms: deps.clock.now(), members_count: 10 })
      .where('id', '=', contestId)
      .execute()
    await deps.db
      .updateTable('contest_members')
      .set({ rank: 2, prize_paise: 125_000 })
      .where('contest_id', '=', contestId)
      .execute()
    const p = await ctx.world.api.player('cli_watcher')
    await signIn(p)
    expect((await cli('social', 'follow', winner.slug)).code).toBe(0)
    const json = await cli('social', 'feed', '--limit', '50', '--json')
    expect(json.code).toBe(0)
    const items = json.json().items as Array<{
      kind: string
      result?: { contest: { id: number }; rank: number }
    }>
    const result = items.find((i) => i.kind === 'contest_result')?.result
    expect(result, 'the winner’s prize in the feed').toBeDefined()
    const table = await cli('social', 'feed', '--limit', '50')
    expect(table.stdout).toMatch(/^ *POST +BY +ON +LIKES +COMMENTS +WHEN +TEXT$/m)
    expect(table.stdout).toMatch(
      new RegExp(`^ +- +${winner.slug} +contest #${result?.contest.id} .* won ₹1,250.00, rank 2 of 10 `, 'm'),
    )
  })

  it('finds users, and shows my row on a leaderboard even when I have no score', async () => {
    const p = await ctx.world.api.player('cli_lonely')
    await signIn(p)
    const found = await cli('social', 'search', 'CLI_LON')
    expect(found.stdout).toMatch(/^cli_lonely /m)
    const all = await cli('social', 'search', 'cli_lon', '--all', '--json')
    expect(all.json().users.map((u: { slug: string }) => u.slug)).toContain('cli_lonely')

    const boards = await cli('social', 'leaderboard')
    expect(boards.stdout).toMatch(/^weekly +/m)
    expect(boards.stdout).toMatch(/^all-time +/m)
    const board = await cli('social', 'leaderboard', 'all-time', '--per-page', '3')
    expect(board.code).toBe(0)
    const lines = board.stdout.trimEnd().split('\n')
    // Three scorers, a gap, then my own row, marked.
    expect(lines[1]).toMatch(/^RANK +PLAYER +TEAM +SCORE$/)
    expect(lines).toHaveLength(2 + 3 + 2 + 1)
    expect(lines[5]).toMatch(/^ +…$/)
    expect(lines[6]).toMatch(/ cli_lonely .* 0 +← you$/)
  })

  it('answers bad input with the error shape and exit codes', async () => {
    const p = await ctx.world.api.player('cli_grumpy')
    await signIn(p)
    const self = await cli('social', 'follow', 'cli_grumpy', '--json')
    expect(self.code).toBe(1)
    expect(self.json()).toMatchObject({ status: 422, code: 'VALIDATION_FAILED' })
    const missing = await cli('social', 'follow', 'no_such_user')
    exits(missing, 1, '404')
    const blank = await cli('social', 'post', '   ')
    exits(blank, 1, 'content')
    expect((await cli('social', 'rate', 'cli_star', '6')).code).toBe(2)
    expect((await cli('social', 'like', 'team', '3')).code).toBe(2)
    expect((await cli('social', 'follow', 'a b')).code).toBe(2)
    await cli('logout')
    const out = await cli('social', 'feed')
    exits(out, 1, 'Not signed in')
  })
})
