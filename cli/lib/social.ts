import type { Api } from './api'
import type { Schema } from './api-types'
import { UsageError } from './errors'
import type { Io } from './io'
import { resolveServer } from './options'
import { readerApi } from './session'
import type { Style } from './style'
import { type Column, formatTable, rupees } from './table'
import { formatInstant } from './time'

// Shapes of the social API as `fanspole social` reads them (docs/social.md).

export type PublicUser = Schema<'User'>
export type PageMeta = Schema<'PageMeta'>
export type Comment = Schema<'Comment'>
export type Post = Schema<'Post'>
/** A prize won, in the feed (`kind: contest_result`). */
export type FeedResult = Schema<'FeedResult'>
export type FeedItem = Schema<'FeedItem'>

/**
 * For reads anyone may make (leaderboards): as the signed-in player when there is a session
 * (so `is_liked_by_current_user` and "my row" are right), else anonymously.
 */
export function reader(io: Io, server: string | undefined): Api {
  return readerApi(io, resolveServer(io, server))
}

/** `@asha_k` or `Asha_K` → the slug the API names users by (usernames are case-insensitive). */
export function slugArgument(text: string): string {
  const slug = text.trim().replace(/^@/, '').toLowerCase()
  if (!/^[a-z0-9_-]{1,100}$/.test(slug))
    throw new UsageError(`<user>: expected a username or slug, got ${JSON.stringify(text)}`)
  return slug
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
/** One line of a post or comment for a table: line breaks shown as ⏎. */
export const oneLine = (text: string, max: number) => clip(text.replace(/\s*\n\s*/g, ' ⏎ '), max)

export function usersTable(users: PublicUser[], s: Style): string {
  const columns: Column<PublicUser>[] = [
    { header: 'USER', value: (u) => u.slug },
    { header: 'NAME', value: (u) => u.full_name ?? u.display_name },
    { header: 'LEVEL', value: (u) => u.cricket_level.level },
    { header: 'FOLLOWERS', value: (u) => u.follower_count },
    { header: 'RATING', value: (u) => (u.average_rating === null ? null : u.average_rating.toFixed(1)) },
    {
      header: 'FOLLOWING',
      value: (u) => (u.is_current_user_following ? 'yes' : ''),
      paint: (t) => s.green(t),
    },
  ]
  return formatTable(users, columns, s)
}

/** `page 2 of 5 (97)` under a paged list, and how to get the next page. */
export function pageLine(meta: PageMeta, next: string, s: Style): string {
  const more = meta.page < meta.total_pages ? ` · next: ${next} --page ${meta.page + 1}` : ''
  return s.dim(`page ${meta.page} of ${Math.max(1, meta.total_pages)} (${meta.total})${more}\n`)
}

const where = (p: Post) => (p.contest ? `contest #${p.contest.id} ${clip(p.contest.name, 24)}` : 'wall')

/** The feed: posts and contest shares by id, and prizes won (no id: they are not posts). */
export function feedTable(items: FeedItem[], s: Style): string {
  return formatTable(
    items,
    [
      { header: 'POST', value: (i) => ('post' in i ? i.post.id : null), align: 'right' },
      { header: 'BY', value: (i) => ('post' in i ? i.post.user.username : i.result.user.username) },
      {
        header: 'ON',
        value: (i) =>
          'post' in i ? where(i.post) : `contest #${i.result.contest.id} ${clip(i.result.contest.name, 24)}`,
      },
      {
        header: 'LIKES',
        value: (i) =>
          'post' in i ? `${i.post.likes_count}${i.post.is_liked_by_current_user ? ' ♥' : ''}` : null,
        align: 'right',
      },
      { header: 'COMMENTS', value: (i) => ('post' in i ? i.post.comments_count : null), align: 'right' },
      {
        header: 'WHEN',
        value: (i) =>
          formatInstant('post' in i ? i.post.created_at_in_millis : i.result.settled_at_in_millis),
      },
      {
        header: 'TEXT',
        value: (i) =>
          'post' in i
            ? oneLine(i.post.content, 60)
            : `won ${rupees(i.result.winnings)}, rank ${i.result.rank} of ${i.result.members_count} (${clip(i.result.contest.match_title, 30)})`,
        paint: (t, i) => ('post' in i ? t : s.green(t)),
      },
    ],
    s,
  )
}

/** A post in full (line breaks kept) and the comments given, replies indented under their thread. */
export function postBlock(post: Post, comments: Comment[], s: Style): string {
  const head = `${s.bold(`#${post.id}`)} ${s.bold(post.user.username)} on ${where(post)} · ${formatInstant(post.created_at_in_millis)}`
  const counts = s.dim(
    `${plural(post.likes_count, 'like')}${post.is_liked_by_current_user ? ' (you like it)' : ''} · ${plural(post.comments_count, 'comment')}`,
  )
  const lines = [head, ...post.content.split('\n').map((l) => `  ${l}`), `  ${counts}`]
  for (const c of comments) {
    const indent = c.parent_id === null ? '  ' : '      '
    const likes = c.likes_count > 0 ? s.dim(` · ${plural(c.likes_count, 'like')}`) : ''
    const [first, ...rest] = c.content.split('\n')
    lines.push(`${indent}${s.dim(`[${c.id}]`)} ${s.bold(c.user.username)}: ${first ?? ''}${likes}`)
    for (const line of rest) lines.push(`${indent}    ${line}`)
  }
  return `${lines.join('\n')}\n`
}

/** Comments oldest first with each reply right after its thread's top comment. */
export function threaded(comments: Comment[]): Comment[] {
  const tops = comments.filter((c) => c.parent_id === null)
  const replies = comments.filter((c) => c.parent_id !== null)
  const placed = new Set<number>()
  const out: Comment[] = []
  for (const top of tops) {
    out.push(top)
    for (const r of replies)
      if (r.parent_id === top.id) {
        out.push(r)
        placed.add(r.id)
      }
  }
  // Replies whose top comment is on another page still show, at the end.
  return [...out, ...replies.filter((r) => !placed.has(r.id))]
}
