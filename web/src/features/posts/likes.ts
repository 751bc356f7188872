import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Schema } from '../../lib/client'
import { type Comment, likeComment, likeContest, likePost, POST_HOLDERS, type Post } from './api'

type Contest = Schema<'Contest'>

/**
 * Likes in every cached copy (spec §4: "Likes … change likes_count by 1 in every cached
 * copy"). A post, a comment or a contest can sit in many queries at once — the feed, discover,
 * contest lists and cards, the contest page, the post page, a wall, a contest's posts — so a
 * like rewrites the object wherever it is (setQueriesData over POST_HOLDERS), at once
 * (optimistic), then sets the server's count when it answers, or puts the old values back if
 * it refuses. Live `likes` broadcasts (TopicChannel) go through the same setters.
 */
export type LikeSubject = 'post' | 'comment' | 'contest'
interface LikeState {
  likes_count: number
  /** Absent: leave each copy's own flag (a broadcast says nothing about me). */
  liked?: boolean
}

type Rec = Record<string, unknown>
const isRecord = (v: unknown): v is Rec => Boolean(v) && typeof v === 'object' && !Array.isArray(v)

/** Which cached objects are the subject: each kind has fields no other object in the cache has. */
function matches(subject: LikeSubject, id: number, r: Rec): boolean {
  if (r.id !== id) return false
  if (subject === 'post') return 'topic_id' in r && 'comments_count' in r
  if (subject === 'comment') return 'post_id' in r && 'parent_id' in r
  return 'members_limit' in r && isRecord(r.topic)
}

function apply(subject: LikeSubject, r: Rec, state: LikeState): Rec {
  const liked = state.liked ?? r.is_liked_by_current_user
  if (subject === 'contest')
    return {
      ...r,
      topic: { ...(r.topic as Rec), likes_count: state.likes_count },
      is_liked_by_current_user: liked,
    }
  return { ...r, likes_count: state.likes_count, is_liked_by_current_user: liked }
}

/** A contest's likes also show as `topic.likes_count` of its posts page (`contest_id` names it). */
const isContestTopic = (id: number, r: Rec) => r.contest_id === id && 'owner_slug' in r && 'likes_count' in r

/** Rewrites every copy in `data`, keeping untouched branches identical (no needless re-render). */
function rewrite(data: unknown, subject: LikeSubject, id: number, state: LikeState): unknown {
  if (Array.isArray(data)) {
    let changed = false
    const out = data.map((item) => {
      const next = rewrite(item, subject, id, state)
      if (next !== item) changed = true
      return next
    })
    return changed ? out : data
  }
  if (!isRecord(data)) return data
  let base = data
  if (matches(subject, id, data)) base = apply(subject, data, state)
  else if (subject === 'contest' && isContestTopic(id, data))
    return { ...data, likes_count: state.likes_count }
  let changed = base !== data
  const out: Rec = {}
  for (const [key, value] of Object.entries(base)) {
    const next = key === 'pageParams' ? value : rewrite(value, subject, id, state)
    if (next !== value) changed = true
    out[key] = next
  }
  return changed ? out : data
}

/** Sets the subject's count (and my flag, when given) in every query that holds it. */
export function setLikesEverywhere(
  client: QueryClient,
  subject: LikeSubject,
  id: number,
  state: LikeState,
): void {
  for (const queryKey of POST_HOLDERS)
    client.setQueriesData<unknown>({ queryKey: [...queryKey] }, (data: unknown) =>
      rewrite(data, subject, id, state),
    )
}

interface Likeable {
  id: number
  liked: boolean
  likesCount: number
}

function useLike<T>(
  subject: LikeSubject,
  send: (id: number, like: boolean) => Promise<T>,
  fresh: (answer: T) => LikeState,
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (target: Likeable) => send(target.id, !target.liked),
    onMutate: (target) => {
      const before = { likes_count: target.likesCount, liked: target.liked }
      setLikesEverywhere(client, subject, target.id, {
        likes_count: Math.max(0, target.likesCount + (target.liked ? -1 : 1)),
        liked: !target.liked,
      })
      return before
    },
    onSuccess: (answer, target) => setLikesEverywhere(client, subject, target.id, fresh(answer)),
    onError: (_error, target, before) => {
      if (before) setLikesEverywhere(client, subject, target.id, before)
    },
  })
}

export const useLikePost = () =>
  useLike('post', likePost, ({ post }) => ({
    likes_count: post.likes_count,
    liked: post.is_liked_by_current_user,
  }))

export const useLikeComment = () =>
  useLike('comment', likeComment, ({ comment }) => ({
    likes_count: comment.likes_count,
    liked: comment.is_liked_by_current_user,
  }))

export const useLikeContest = () =>
  useLike('contest', likeContest, ({ contest }) => ({
    likes_count: contest.topic.likes_count,
    liked: contest.is_liked_by_current_user,
  }))

/** The arguments a like mutation takes, from any of the three. */
export const likeTarget = {
  post: (p: Post): Likeable => ({ id: p.id, liked: p.is_liked_by_current_user, likesCount: p.likes_count }),
  comment: (c: Comment): Likeable => ({
    id: c.id,
    liked: c.is_liked_by_current_user,
    likesCount: c.likes_count,
  }),
  contest: (c: Contest): Likeable => ({
    id: c.id,
    liked: c.is_liked_by_current_user,
    likesCount: c.topic.likes_count,
  }),
}
