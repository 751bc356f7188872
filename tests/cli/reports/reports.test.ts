import { describe, expect, it } from 'vitest'
import { contestRow } from '../../helpers/contest-rows'
import { exits } from '../helpers'
import { leagueCli } from '../match-world'

// `fanspole reports list|resolve` against a real server (docs/contest-creation.md, "Reports").

const ctx = leagueCli()
const { cli } = ctx

describe('fanspole reports', () => {
  it('lists the open queue, resolves a report and lists it as resolved', async () => {
    const none = await cli('reports', 'list')
    expect(none.code).toBe(0)
    expect(none.stdout).toBe('No reports open\n')

    const p = await ctx.world.api.player()
    const contestId = await contestRow(ctx.world.server.deps, { name: 'Loud name' })
    const made = await ctx.world.api.post(
      '/api/reports',
      { contest_id: contestId, reason: 'spam', text: 'Advertises a betting site.' },
      p.token,
    )
    expect(made.status).toBe(201)
    const id = made.body.report.id as number

    const table = await cli('reports', 'list')
    expect(table.code).toBe(0)
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID +SUBJECT +REASON +BY +STATUS +REPORTED +TEXT +RESOLUTION$/)
    expect(table.stdout).toMatch(
      new RegExp(
        `^ *${id} +contest #${contestId} Loud name +spam +${p.username} +open +.* Advertises a betting site\\. +-$`,
        'm',
      ),
    )

    const resolved = await cli('reports', 'resolve', String(id), '--resolution', 'Contest deleted')
    expect(resolved.code).toBe(0)
    expect(resolved.stdout).toContain(
      `Resolved report #${id} on contest #${contestId} Loud name by ${p.username}`,
    )

    const json = await cli('reports', 'list', '--status', 'resolved', '--json')
    expect(json.code).toBe(0)
    expect(json.json().reports[0]).toMatchObject({ id, status: 'resolved', resolution: 'Contest deleted' })
    expect((await cli('reports', 'list')).stdout).toBe('No reports open\n')

    const twice = await cli('reports', 'resolve', String(id), '--resolution', 'Again, really')
    exits(twice, 1, 'already resolved')
  })

  it('labels reports of users, posts and comments, and hides a comment when resolving with --hide', async () => {
    const author = await ctx.world.api.player('rep_author')
    const reporter = await ctx.world.api.player('rep_reporter')
    const posted = await ctx.world.api.post(
      '/api/posts',
      { content: 'Buy followers at example.test' },
      author.token,
    )
    const postId = posted.body.post.id as number
    const commented = await ctx.world.api.post(
      `/api/posts/${postId}/comments`,
      { content: 'You are all losers' },
      author.token,
    )
    const commentId = commented.body.comment.id as number
    const report = async (path: string) => {
      const made = await ctx.world.api.post(path, { reason: 'spam', text: 'Look at this' }, reporter.token)
      expect(made.status).toBe(201)
      return made.body.report.id as number
    }
    const onUser = await report(`/api/users/${author.slug}/report`)
    const onPost = await report(`/api/posts/${postId}/report`)
    const onComment = await report(`/api/comments/${commentId}/report`)

    const table = (await cli('reports', 'list')).stdout
    expect(table).toMatch(new RegExp(`^ *${onUser} +user #${author.id} rep_author +spam `, 'm'))
    expect(table).toMatch(new RegExp(`^ *${onPost} +post #${postId} "Buy followers at exampl…" +spam `, 'm'))
    expect(table).toMatch(
      new RegExp(`^ *${onComment} +comment #${commentId} "You are all losers" +spam `, 'm'),
    )
    expect(table).not.toContain('championship')

    // --hide on a user report is refused by the server (422) and leaves it open.
    const wrong = await cli('reports', 'resolve', String(onUser), '--resolution', 'Warned them', '--hide')
    exits(wrong, 1, '422')

    const hidden = await cli('reports', 'resolve', String(onComment), '--resolution', 'Removed', '--hide')
    expect(hidden.code).toBe(0)
    expect(hidden.stdout).toContain(`on comment #${commentId} "You are all losers" by rep_reporter`)
    expect(hidden.stdout).toContain('Hidden: the comment now answers 404 everywhere')
    expect((await ctx.world.api.post(`/api/comments/${commentId}/like`, {}, reporter.token)).status).toBe(404)
    const resolved = (await cli('reports', 'list', '--status', 'resolved')).stdout
    expect(resolved).toMatch(new RegExp(`^ *${onComment} +comment #${commentId} .* resolved, hidden `, 'm'))
    // Without --hide the post stays visible.
    expect((await cli('reports', 'resolve', String(onPost), '--resolution', 'Fine')).code).toBe(0)
    expect((await ctx.world.api.get(`/api/posts/${postId}`)).status).toBe(200)
  })

  it('refuses bad usage with exit 2', async () => {
    const status = await cli('reports', 'list', '--status', 'closed')
    exits(status, 2, 'expected open, resolved or all')
    expect((await cli('reports', 'resolve', 'abc', '--resolution', 'Fine then')).code).toBe(2)
    expect((await cli('reports', 'resolve', '3')).code).toBe(2)
    expect((await cli('reports', 'resolve', '3', '--resolution', 'no')).code).toBe(2)
  })
})
