import { Command } from 'commander'
import { idArgument } from '../lib/arguments'
import { plainOptions, runs, runsOnId, serverOptions } from '../lib/command'
import { UsageError } from '../lib/errors'
import { type Io, printJson } from '../lib/io'
import { intFlag, type OptionsOf, parseOptions, withJson, withServer } from '../lib/options'
import { player } from '../lib/session'
import { type Comment, type FeedItem, feedTable, type Post, postBlock, reader, threaded } from '../lib/social'
import { style } from '../lib/style'

// `fanspole social feed|post|comment|comments|like|unlike` (docs/social.md "Posts, comments and likes").

const feedOptions = serverOptions((z) => ({
  before: intFlag(z, 'a post id', 1, 2 ** 31 - 1).optional(),
  limit: intFlag(z, 'a number of posts', 1, 50).default(20),
}))

const postOptions = serverOptions((z) => ({
  contest: intFlag(z, 'a contest id', 1, 2 ** 31 - 1).optional(),
}))

const commentOptions = serverOptions((z) => ({
  replyTo: intFlag(z, 'a comment id', 1, 2 ** 31 - 1).optional(),
}))

const LIKEABLE = ['post', 'comment', 'contest'] as const
type Likeable = (typeof LIKEABLE)[number]

export function socialPostCommands(io: Io): Command[] {
  const feed = new Command('feed')
    .description('Posts and contest shares of the people you follow and your own, newest first.')
    .option('--before <post-id>', 'older posts: the id the previous page ends with')
    .option('--limit <n>', 'how many (at most 50)', '20')
  runs(io, feed, feedOptions, runFeed)

  const post = new Command('post')
    .description(
      'Post on your wall, or on a contest with --contest. Text is 1–2000 characters; @username mentions notify them; "-" reads the text from stdin (line breaks kept).',
    )
    .argument('<text>', 'what to say, or - for stdin')
    .option('--contest <id>', 'post on this contest instead of your wall')
  withJson(withServer(post)).action(async (text: string, raw) =>
    runPost(io, await textArgument(io, text), await parseOptions(postOptions, raw)),
  )

  const comment = new Command('comment')
    .description('Comment on a post (1–1000 characters), or reply to one of its comments with --reply-to.')
    .argument('<post-id>', 'the post (from the feed)')
    .argument('<text>', 'what to say, or - for stdin')
    .option('--reply-to <comment-id>', 'reply to this comment of the same post')
  withJson(withServer(comment)).action(async (id: string, text: string, raw) =>
    runComment(
      io,
      idArgument('<post-id>', id),
      await textArgument(io, text),
      await parseOptions(commentOptions, raw),
    ),
  )

  const comments = new Command('comments')
    .description('A post with all its comments, oldest first, replies under their comment.')
    .argument('<post-id>', 'the post')
  runsOnId(io, comments, '<post-id>', plainOptions, runComments)

  const likes = (['like', 'unlike'] as const).map((action) => {
    const cmd = new Command(action)
      .description(
        action === 'like'
          ? 'Like a post, a comment or a contest. Liking twice changes nothing.'
          : 'Take back your like. Without a like, nothing changes.',
      )
      .argument('<kind>', 'post, comment or contest')
      .argument('<id>', 'its id')
    return runs(io, cmd, plainOptions, (io, opts, kind: string, id: string) =>
      runLike(io, action, kindArgument(kind), idArgument('<id>', id), opts),
    )
  })
  return [feed, post, comment, comments, ...likes]
}

function kindArgument(text: string): Likeable {
  const kind = text.trim().toLowerCase()
  if (!(LIKEABLE as readonly string[]).includes(kind))
    throw new UsageError(`<kind>: expected post, comment or contest, got ${JSON.stringify(text)}`)
  return kind as Likeable
}

/** The text as given, or stdin for `-` (a multi-line post from a file or a heredoc). */
async function textArgument(io: Io, text: string): Promise<string> {
  if (text !== '-') return text
  let read = ''
  for await (const chunk of io.stdin) read += String(chunk)
  return read
}

async function runFeed(io: Io, opts: OptionsOf<typeof feedOptions>): Promise<void> {
  const query = new URLSearchParams({ per_page: String(opts.limit) })
  if (opts.before !== undefined) query.set('before_id', String(opts.before))
  const answer = await player(io, opts.server).get<{ items: FeedItem[]; next_before_id: number | null }>(
    `/api/feeds?${query}`,
  )
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  if (answer.items.length === 0) {
    io.out(
      opts.before === undefined
        ? 'Your feed is empty: follow someone (fanspole social suggestions) or post (fanspole social post)\n'
        : 'No older posts\n',
    )
    return
  }
  io.out(feedTable(answer.items, s))
  if (answer.next_before_id !== null)
    io.out(s.dim(`older: fanspole social feed --before ${answer.next_before_id}\n`))
}

async function runPost(io: Io, content: string, opts: OptionsOf<typeof postOptions>): Promise<void> {
  const path = opts.contest === undefined ? '/api/posts' : `/api/contests/${opts.contest}/posts`
  const answer = await player(io, opts.server).post<{ post: Post }>(path, { content })
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  io.out(`${s.green('Posted')} #${answer.post.id}\n`)
  io.out(postBlock(answer.post, [], s))
}

async function runComment(
  io: Io,
  postId: number,
  content: string,
  opts: OptionsOf<typeof commentOptions>,
): Promise<void> {
  const answer = await player(io, opts.server).post<{ comment: Comment }>(`/api/posts/${postId}/comments`, {
    content,
    ...(opts.replyTo === undefined ? {} : { parent_id: opts.replyTo }),
  })
  if (opts.json) return printJson(io, answer)
  const s = style(io.color)
  const c = answer.comment
  const what = c.parent_id === null ? `on post #${c.post_id}` : `replying to comment #${c.parent_id}`
  io.out(`${s.green('Commented')} #${c.id} ${what}\n`)
}

async function runComments(io: Io, postId: number, opts: OptionsOf<typeof plainOptions>): Promise<void> {
  const api = reader(io, opts.server)
  const { post } = await api.get<{ post: Post }>(`/api/posts/${postId}`)
  const all: Comment[] = []
  // Every page: a thread on a laptop league is short, and a reader wants it whole.
  for (let after = 0; ; ) {
    const page = await api.get<{ comments: Comment[]; next_after_id: number | null }>(
      `/api/posts/${postId}/comments?per_page=200${after > 0 ? `&after_id=${after}` : ''}`,
    )
    all.push(...page.comments)
    if (page.next_after_id === null) break
    after = page.next_after_id
  }
  if (opts.json) return printJson(io, { post, comments: all })
  io.out(postBlock(post, threaded(all), style(io.color)))
}

async function runLike(
  io: Io,
  action: 'like' | 'unlike',
  kind: Likeable,
  id: number,
  opts: OptionsOf<typeof plainOptions>,
): Promise<void> {
  const api = player(io, opts.server)
  const path = `/api/${kind}s/${id}/${action}`
  const s = style(io.color)
  let count: number
  let liked: boolean
  if (kind === 'contest') {
    const answer = await api.post<{
      contest: { topic: { likes_count: number }; is_liked_by_current_user: boolean }
    }>(path)
    if (opts.json) return printJson(io, answer)
    count = answer.contest.topic.likes_count
    liked = answer.contest.is_liked_by_current_user
  } else {
    const answer =
      await api.post<Record<string, { likes_count: number; is_liked_by_current_user: boolean }>>(path)
    if (opts.json) return printJson(io, answer)
    const item = answer[kind] as { likes_count: number; is_liked_by_current_user: boolean }
    count = item.likes_count
    liked = item.is_liked_by_current_user
  }
  io.out(
    `${liked ? s.green('Liked') : 'Not liked'} ${kind} #${id} · ${count} like${count === 1 ? '' : 's'}\n`,
  )
}
