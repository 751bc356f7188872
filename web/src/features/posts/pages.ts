/** The lazy route modules of the posts side of issue 14 (docs/social.md, "Web (posts)"). */
export { DiscoverContestsPage, DiscoverPage } from '../discover/DiscoverPage'
export { SearchPage } from '../discover/SearchPage'
export { FeedsPage } from '../feeds/FeedsPage'
export { ContestPostsPage } from './ContestPostsPage'
export { CreatePostPage } from './CreatePostPage'
export { PostPage } from './PostPage'
