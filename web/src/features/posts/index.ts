/** The front door of features/posts: what other features may use. Posts, comments, likes, and the feed and discover queries. */

export {
  contestPostsQuery,
  createContestPost,
  createWallPost,
  type DiscoverType,
  discoverContestsQuery,
  discoverQuery,
  type FeedItem,
  type FeedResult,
  feedArrivalsKey,
  notificationsLiveKey,
  type Post,
  searchQuery,
  wallPostsQuery,
} from './api'
export { Composer } from './Composer'
export { ContestLike } from './LikeButton'
export { setLikesEverywhere } from './likes'
export { TopicsLive, useTopicLive } from './live'
export { Byline, PostCard } from './PostCard'
export { default as postsStyles } from './posts.module.css'
export { PostStream, UserPosts } from './UserPosts'
