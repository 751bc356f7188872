import type { RouteObject } from 'react-router'
import { requireSignedIn } from '../../lib/guards'
import { page } from '../../lib/routing'

/** The steps after signing up, for the new player. */
export const onboardingRoute: RouteObject = {
  loader: requireSignedIn,
  children: [
    { path: 'signup/my-interests', ...page(() => import('./InterestsStep'), 'InterestsStep') },
    { path: 'signup/select-avatar', ...page(() => import('./AvatarStep'), 'AvatarStep') },
    { path: 'signup/suggested-accounts', ...page(() => import('./SuggestionsStep'), 'SuggestionsStep') },
  ],
}
