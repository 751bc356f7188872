import type { RouteObject } from 'react-router'
import { AppShell } from './app/AppShell'
import { AuthLayout } from './app/AuthLayout'
import { BootSplash } from './app/BootSplash'
import { ErrorPage } from './app/ErrorPage'
import { RootLayout } from './app/RootLayout'
import { NotFoundPage } from './components/NotFoundPage'
import { auctionBoardRoutes, auctionRoutes } from './features/auctions/routes'
import { authRoutes, logoutRoute } from './features/auth/routes'
import { championshipRoutes } from './features/championship/routes'
import { classroomRoutes } from './features/classroom/routes'
import { contestCreationRoutes } from './features/contest-create/routes'
import { contestRulesRoutes } from './features/contest-rules/routes'
import {
  contestBoardRoutes,
  contestRoutes,
  contestTabRoutes,
  signedInContestRoutes,
} from './features/contests/routes'
import { discoverRoutes } from './features/discover/routes'
import { contestRoute, esportsRoutes, signedInEsportsRoutes } from './features/esports/routes'
import { feedRoutes } from './features/feeds/routes'
import { gangRoutes } from './features/gangs/routes'
import { groupRoutes } from './features/groups/routes'
import { helpRoutes } from './features/help/routes'
import { infoRoutes, shutdownRoute } from './features/info/routes'
import { landingRoute } from './features/landing/routes'
import { leaderboardRoutes } from './features/leaderboards/routes'
import { matchRoutes } from './features/matches/routes'
import { meRoutes } from './features/me/routes'
import { notificationRoutes } from './features/notifications/routes'
import { onboardingRoute } from './features/onboarding/routes'
import { peopleRoutes, signedInPeopleRoutes } from './features/people/routes'
import { pointSystemRoutes } from './features/point-system/routes'
import { postRoutes } from './features/posts/routes'
import { rewardInfoRoutes, rewardRoutes } from './features/rewards/routes'
import { teamRoutes } from './features/teams/routes'
import { walletRoutes } from './features/wallet/routes'
import { indexRedirect, requireSignedIn } from './lib/guards'

/**
 * Only routes that work are registered; everything else is the 404 page. Each feature lists its
 * own routes (features/X/routes.ts); here they are put under the layouts and the sign-in guard.
 * The route modules are imported directly, not through the features' index.ts: they hold only
 * lazy imports, so the first load carries the shell and nothing more.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <BootSplash />,
    children: [
      // It always redirects; the splash is what shows for the instant before it does.
      { index: true, loader: indexRedirect, element: <BootSplash /> },
      landingRoute,
      shutdownRoute,
      // Full-screen pages for a projector: signed in, outside the app's shell.
      {
        loader: requireSignedIn,
        errorElement: <ErrorPage />,
        children: [...auctionBoardRoutes, ...contestBoardRoutes],
      },
      {
        element: <AuthLayout />,
        errorElement: <ErrorPage />,
        children: [...authRoutes, onboardingRoute, logoutRoute],
      },
      {
        element: <AppShell />,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              ...contestRoutes,
              ...esportsRoutes,
              ...matchRoutes,
              contestRoute(contestTabRoutes),
              ...contestRulesRoutes,
              ...discoverRoutes,
              ...postRoutes,
              ...peopleRoutes,
              ...leaderboardRoutes,
              {
                loader: requireSignedIn,
                children: [
                  ...signedInContestRoutes,
                  ...teamRoutes,
                  ...signedInEsportsRoutes,
                  ...feedRoutes,
                  ...signedInPeopleRoutes,
                  ...groupRoutes,
                  ...gangRoutes,
                  ...championshipRoutes,
                  ...contestCreationRoutes,
                  ...auctionRoutes,
                  ...classroomRoutes,
                  ...walletRoutes,
                  ...rewardRoutes,
                  ...meRoutes,
                  ...notificationRoutes,
                ],
              },
              ...pointSystemRoutes,
              ...infoRoutes,
              ...rewardInfoRoutes,
              ...helpRoutes,
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
]
