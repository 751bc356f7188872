import type { Reads } from '../../http/answer-cache'

/**
 * What an answer made of posts reads — a feed page, one post: the posts and where they are,
 * their authors, comments, likes and mentions, the contests they share and who may see those,
 * and the prizes a feed shows (tests/api/http/cached-reads-tables.test.ts checks it).
 */
export const POST_READS: Reads = [
  'avatars',
  'comment_likes',
  'comments',
  'contest_likes',
  'contest_members',
  'contests',
  'follows',
  'matches',
  'mentions',
  'post_likes',
  'posts',
  'topics',
  'users',
]
