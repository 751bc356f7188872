import type { Generated } from 'kysely'

// Posts, comments, likes, mentions, reports and the small forms (waitlist, feedback).

export type ReportStatus = 'open' | 'resolved'

export type ReportContestType = 'contest' | 'championship_contest'

/** What a report is about; a contest, a user, a post, a comment or an esports result dispute. */
export type ReportSubjectType = ReportContestType | 'user' | 'post' | 'comment' | 'esports_contest'

/** A player's report of a contest, in the admin queue until resolved. */
export interface ReportsTable {
  id: Generated<number>
  reporter_id: number
  /** The subject's kind (the column predates reports of anything but contests). */
  contest_type: ReportSubjectType
  /** The subject's id. */
  contest_id: number
  reason: string
  text: string
  status: Generated<ReportStatus>
  resolution: string | null
  resolved_by_id: number | null
  created_at_ms: number
  resolved_at_ms: number | null
  /** 1 when the resolution hid the reported post or comment. */
  hid_subject: Generated<number>
}

/** Where posts go: one contest's, or one user's wall (exactly one of the two ids is set). */
export interface TopicsTable {
  id: Generated<number>
  contest_id: number | null
  owner_id: number | null
  created_at_ms: number
}

export interface PostsTable {
  id: Generated<number>
  topic_id: number
  user_id: number
  content: string
  /** Kept in the transaction that adds or removes a like row (exact under races). */
  likes_count: Generated<number>
  comments_count: Generated<number>
  hidden: Generated<number>
  created_at_ms: number
  updated_at_ms: number
}

export interface CommentsTable {
  id: Generated<number>
  post_id: number
  /** The comment this one replies to (on the same post); replies are one level deep. */
  parent_id: number | null
  user_id: number
  content: string
  likes_count: Generated<number>
  hidden: Generated<number>
  created_at_ms: number
  updated_at_ms: number
}

export interface PostLikesTable {
  post_id: number
  user_id: number
  created_at_ms: number
}

export interface CommentLikesTable {
  comment_id: number
  user_id: number
  created_at_ms: number
}

/** A `@username` in a post (comment_id null) or a comment, resolved to the user it names. */
export interface MentionsTable {
  id: Generated<number>
  user_id: number
  post_id: number
  comment_id: number | null
  created_at_ms: number
}

export interface WaitlistEntriesTable {
  id: Generated<number>
  email: string
  created_at_ms: number
}

export interface FeedbacksTable {
  id: Generated<number>
  user_id: number | null
  email: string | null
  message: string
  created_at_ms: number
}

export interface TrafficSourcesTable {
  id: Generated<number>
  user_id: number | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  referrer: string | null
  landing_path: string | null
  created_at_ms: number
}

export interface SocialTables {
  reports: ReportsTable
  topics: TopicsTable
  posts: PostsTable
  comments: CommentsTable
  post_likes: PostLikesTable
  comment_likes: CommentLikesTable
  mentions: MentionsTable
  waitlist_entries: WaitlistEntriesTable
  feedbacks: FeedbacksTable
  traffic_sources: TrafficSourcesTable
}
