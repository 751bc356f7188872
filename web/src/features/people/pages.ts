/** The people pages (docs/social.md), one lazy chunk for the router. */
export { FollowersPage, FollowingsPage } from './FollowListPage'
export { MyFollowersPage, MyFollowingsPage, MyReviewsPage } from './MinePage'
export { PartnerProgramPage } from './PartnerProgramPage'
export { UserProfilePage } from './ProfilePage'
export { ReviewsPage } from './ReviewsPage'
export { SuggestionsPage } from './SuggestionsPage'
