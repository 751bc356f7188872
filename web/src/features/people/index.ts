/** The front door of features/people: what other features may use. People: profiles, following, suggestions, the feedback and waitlist forms. */

export { suggestionsQuery } from './api'
export { FollowButton } from './FollowButton'
export { FeedbackForm, WaitlistForm } from './forms'
