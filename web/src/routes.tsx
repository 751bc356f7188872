import type { ComponentType } from 'react'
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { AppShell } from './app/AppShell'
import { AuthLayout } from './app/AuthLayout'
import { BootSplash } from './app/BootSplash'
import { ErrorPage } from './app/ErrorPage'
import { indexRedirect, redirectIfSignedIn, requireSignedIn, wholeNumberParams } from './app/guards'
import { NotFoundPage } from './app/NotFoundPage'
import { RootLayout } from './app/RootLayout'
import { KIND_PAGES } from './features/contest-create/kinds'
import { HELP_ENTRIES, loadHelpGroup } from './features/help/registry'

/**
 * Only routes that work are registered; everything else is the 404 page. Pages are lazy
 * route modules, so the first load carries the shell and nothing more.
 */
const helpRoutes: RouteObject[] = HELP_ENTRIES.map((entry) => ({
  path: `help/${entry.slug}`,
  handle: { helpSlug: entry.slug },
  lazy: async () => {
    const [{ HelpArticleRoute }] = await Promise.all([
      import('./features/help/HelpArticlePage'),
      loadHelpGroup(entry.group),
    ])
    return { Component: HelpArticleRoute }
  },
}))

const infoPage = (path: string, name: 'AboutPage' | 'PrivacyPage' | 'TermsPage' | 'AndroidAppPage') => ({
  path,
  lazy: async () => ({ Component: (await import('./features/info/pages'))[name] }),
})

const page = <K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
})
/** Routes whose `:id` (and others named) must be a whole number, or the 404 page shows. */
const byId = (...names: string[]) => ({ loader: wholeNumberParams(...(names.length > 0 ? names : ['id'])) })

const contests = () => import('./features/contests/pages')
const teams = () => import('./features/teams/pages')
const matches = () => import('./features/matches/StatisticsPage')
const auctions = () => import('./features/auctions/pages')
const wallet = () => import('./features/wallet/pages')
const rewards = () => import('./features/rewards/pages')
const gangs = () => import('./features/gangs/pages')
const championship = () => import('./features/championship/pages')
const contestCreate = () => import('./features/contest-create/pages')
const contestRules = () => import('./features/contest-rules/pages')
const posts = () => import('./features/posts/pages')
// Issue 17 (docs/esports.md): results, rooms, contest and squads pages, tournaments
const esportsResults = () => import('./features/esports/results/pages')
const esportsRooms = () => import('./features/esports/rooms/RoomPage')
const esportsContest = () => import('./features/esports/contest/pages')
const esportsTournaments = () => import('./features/esports/tournaments/pages')

/** Posts, feeds and discover (issue 14, docs/social.md): reading needs no sign-in… */
const postRoutes: RouteObject[] = [
  { path: 'discover', ...page(posts, 'DiscoverPage') },
  { path: 'discover/contests', ...page(posts, 'DiscoverContestsPage') },
  { path: 'discover/search', ...page(posts, 'SearchPage') },
  { path: 'posts/:id', ...byId(), ...page(posts, 'PostPage') },
  { path: 'contests/:id/comments', ...byId(), ...page(posts, 'ContestPostsPage') },
]
/** …the feed and writing a post do. */
const signedInPostRoutes: RouteObject[] = [
  { path: 'feeds', ...page(posts, 'FeedsPage') },
  { path: 'contests/create/create-a-post', ...page(posts, 'CreatePostPage') },
]
const people = () => import('./features/people/pages')
const leaderboards = () => import('./features/leaderboards/pages')

/** Daily fantasy (issue 3): contest lists and pages anyone can look at… */
const contestRoutes: RouteObject[] = [
  { path: 'contests', ...page(contests, 'ContestsHomePage') },
  { path: 'popular/contests', ...page(contests, 'PopularContestsPage') },
  { path: 'cricket/contests', ...page(contests, 'CricketContestsPage') },
  { path: 'pubg/contests', ...page(contests, 'PubgContestsPage') },
  // Issue 17: tournaments, rounds and slots (docs/esports.md)
  { path: 'pubg/tournaments', ...page(esportsTournaments, 'TournamentsPage') },
  { path: 'pubg/tournaments/:id', ...byId(), ...page(esportsTournaments, 'TournamentPage') },
  {
    path: 'pubg-rounds/:id?/slots',
    loader: (args: LoaderFunctionArgs) =>
      wholeNumberParams(...(args.params.id === undefined ? [] : ['id']))(args),
    ...page(esportsTournaments, 'RoundSlotsPage'),
  },
  { path: 'matches/:id/contests', ...byId(), ...page(contests, 'MatchContestsPage') },
  { path: 'series/:id/contests', ...byId(), ...page(contests, 'SeriesContestsPage') },
  { path: 'matches/:id/statistics', ...byId(), ...page(matches, 'StatisticsPage') },
  {
    path: 'contests/:id',
    ...byId(),
    // Issue 17: squads — esports ids get the esports page, daily ids ContestLayout as before.
    ...page(esportsContest, 'ContestRoute'),
    children: [
      { index: true, ...page(contests, 'ContestIndexTab') },
      { path: 'members', ...page(contests, 'LeaderboardTab') },
      { path: 'prizes', ...page(contests, 'PrizesTab') },
      { path: 'info', ...page(contests, 'InfoTab') },
      { path: 'squads', ...page(contests, 'SquadsTab') },
    ],
  },
  // Issue 17: an esports squad's captain's page.
  { path: 'contests/:id/squad-update', ...byId(), ...page(esportsContest, 'SquadUpdatePage') },
]

/** A `/contests/rules/:slug` that names no game kind is the 404 page (the list is the server's own). */
const knownGameKind = async ({ params }: LoaderFunctionArgs) => {
  const { gameKind } = await import('../../server/domain/game-kinds')
  if (!gameKind(params.slug ?? '')) throw data('Page not found', { status: 404 })
  return null
}

/**
 * Issue 13, contest pages (docs/contest-creation.md): the games and each game kind's rules
 * for anyone; a contest's activity for anyone who may see the contest (live when signed in).
 * Info and the owner controls live in the contest's own tabs; the report needs a player.
 */
const contestPagesRoutes: RouteObject[] = [
  { path: 'contests/games', ...page(contestRules, 'GamesPage') },
  { path: 'contests/games/:id', ...byId(), ...page(contestRules, 'GamePage') },
  { path: 'contests/rules/:slug', loader: knownGameKind, ...page(contestRules, 'RulesPage') },
  { path: 'contests/:id/activities', ...byId(), ...page(contests, 'ActivitiesPage') },
]
const signedInContestPagesRoutes: RouteObject[] = [
  { path: 'contests/:id/report', ...byId(), ...page(contests, 'ReportPage') },
  // Issue 17: rooms (docs/esports.md "Room details"): an esports contest's room, live.
  { path: 'contests/:id/room', ...byId(), ...page(esportsRooms, 'EsportsRoomPage') },
  // Issue 17: an esports contest's results, one page per game.
  { path: 'contests/:id/pubg-update', ...byId(), ...page(esportsResults, 'PubgUpdatePage') },
  { path: 'contests/:id/free-fire-update', ...byId(), ...page(esportsResults, 'FreeFireUpdatePage') },
  { path: 'contests/:id/call-of-duty-update', ...byId(), ...page(esportsResults, 'CallOfDutyUpdatePage') },
]

/** Routes whose optional `:phase_id?` / `:team_id?`, when given, must be a whole number. */
const optionalIds = (...names: string[]) => ({
  loader: (args: LoaderFunctionArgs) =>
    wholeNumberParams(...names.filter((n) => args.params[n] !== undefined))(args),
})

/** Championship (issue 12): every call needs a signed-in user (the phases carry my team), so every page does too. */
const championshipRoutes: RouteObject[] = [
  { path: 'championship', ...page(championship, 'ChampionshipHomePage') },
  {
    path: 'championship/phases/:phase_id/leaderboard',
    ...byId('phase_id'),
    ...page(championship, 'PhaseLeaderboardPage'),
  },
  { path: 'championship/teams/:team_id', ...byId('team_id'), ...page(championship, 'ClassicTeamPage') },
  {
    path: 'championship/phases/:phase_id?/create-team',
    ...optionalIds('phase_id'),
    ...page(championship, 'CreateClassicTeamPage'),
  },
  {
    path: 'championship/phases/:phase_id?/edit-team/:team_id',
    ...optionalIds('phase_id', 'team_id'),
    ...page(championship, 'EditClassicTeamPage'),
  },
  {
    path: 'championship/teams/:team_id?/history',
    ...optionalIds('team_id'),
    ...page(championship, 'HistoryPage'),
  },
  {
    path: 'contests/:id/championship-stats',
    ...byId(),
    ...page(championship, 'ContestChampionshipStatsPage'),
  },
]

/** A `/contests/create/{kind}` page exists only for the kinds named in features/contest-create/kinds. */
const knownKind = ({ params }: LoaderFunctionArgs) => {
  if (!KIND_PAGES.includes(params.kind ?? '')) throw data('Page not found', { status: 404 })
  return null
}

/** Players create contests (issue 13, docs/contest-creation.md): every page is about the signed-in player's own. */
const contestCreationRoutes: RouteObject[] = [
  { path: 'contests/create', ...page(contestCreate, 'CreateHomePage') },
  { path: 'contests/create/auction', ...page(contestCreate, 'CreateAuctionPage') },
  { path: 'contests/create/get-access', ...page(contestCreate, 'GetAccessPage') },
  { path: 'contests/create/out-of-access', ...page(contestCreate, 'OutOfAccessPage') },
  { path: 'contests/create/contest-requirement', ...page(contestCreate, 'ContestRequirementPage') },
  { path: 'contests/create/:kind', loader: knownKind, ...page(contestCreate, 'CreateKindPage') },
  { path: 'contests/:id/edit', ...byId(), ...page(contestCreate, 'EditContestPage') },
  { path: 'contests/:id/join', ...byId(), ...page(contestCreate, 'JoinLinkPage') },
  { path: 'saved-prizes', ...page(contestCreate, 'SavedPrizesPage') },
  { path: 'saved-prizes/new', ...page(contestCreate, 'NewSavedPrizePage') },
  { path: 'saved-prizes/:id/edit', ...byId(), ...page(contestCreate, 'EditSavedPrizePage') },
]

/** People and leaderboards (issue 14, docs/social.md): public profiles anyone may look at. */
const peopleRoutes: RouteObject[] = [
  { path: 'users/:slug', ...page(people, 'UserProfilePage') },
  { path: 'users/:slug/followers', ...page(people, 'FollowersPage') },
  { path: 'users/:slug/followings', ...page(people, 'FollowingsPage') },
  { path: 'users/:slug/reviews', ...page(people, 'ReviewsPage') },
  { path: 'leaderboards', ...page(leaderboards, 'LeaderboardsPage') },
  { path: 'leaderboards/:id', ...page(leaderboards, 'BoardPage') },
  { path: 'fanspole-partner-program', ...page(people, 'PartnerProgramPage') },
]
/**
 * Suggestions leave out whom I follow and myself, so they need a player; the slug-less
 * lists of spec §2 (`/users/{slug?}/followers` …) are my own.
 */
const signedInPeopleRoutes: RouteObject[] = [
  { path: 'users/suggestions', ...page(people, 'SuggestionsPage') },
  { path: 'users/followers', ...page(people, 'MyFollowersPage') },
  { path: 'users/followings', ...page(people, 'MyFollowingsPage') },
  { path: 'users/reviews', ...page(people, 'MyReviewsPage') },
]

const groups = () => import('./features/groups/pages')
/** Groups and chat (issue 15, docs/groups.md): all of it is about the signed-in player's conversations. */
const groupRoutes: RouteObject[] = [
  { path: 'groups', ...page(groups, 'GroupsPage') },
  { path: 'groups/new', ...page(groups, 'NewGroupPage') },
  { path: 'groups/search', ...page(groups, 'SearchGroupsPage') },
  { path: 'groups/invite', ...page(groups, 'InvitePage') },
  { path: 'groups/invite/:code', ...page(groups, 'InvitePage') },
  { path: 'groups/:id', ...page(groups, 'ChatPage') },
  { path: 'groups/:id/add-members', ...page(groups, 'AddMembersPage') },
  { path: 'groups/:id/details', ...page(groups, 'DetailsPage') },
]

/** Auctions (issue 4): every auction call needs a signed-in user, so every page does too. */
const auctionRoutes: RouteObject[] = [
  { path: 'auctions', ...page(auctions, 'AuctionsPage') },
  { path: 'auctions/create', ...page(auctions, 'CreateAuctionPage') },
  { path: 'auctions/join', ...page(auctions, 'JoinAuctionPage') },
  {
    path: 'auctions/:id',
    ...byId(),
    ...page(auctions, 'AuctionLayout'),
    children: [
      { index: true, ...page(auctions, 'AuctionIndex') },
      { path: 'waiting-room', ...page(auctions, 'WaitingRoomPage') },
      { path: 'bidding', ...page(auctions, 'BiddingPage') },
      { path: 'players', ...page(auctions, 'PlayersPage') },
      { path: 'secondary-bidding', ...page(auctions, 'SecondaryBiddingPage') },
      { path: 'secondary-bids', ...page(auctions, 'SecondaryBidsPage') },
      { path: 'leaderboard', ...page(auctions, 'LeaderboardPage') },
    ],
  },
  { path: 'auction/managers/:id', ...byId(), ...page(auctions, 'ManagerPage') },
  { path: 'auction/tournaments', ...page(auctions, 'TournamentsPage') },
  {
    path: 'auction/tournaments/:id',
    ...byId(),
    ...page(auctions, 'TournamentLayout'),
    children: [
      { index: true, ...page(auctions, 'TournamentIndex') },
      { path: 'bidding', ...page(auctions, 'TournamentBiddingPage') },
      { path: 'squad', ...page(auctions, 'TournamentSquadPage') },
    ],
  },
]

/** Wallet, payments and verification (issue 5): all about the signed-in player's money. */
const walletRoutes: RouteObject[] = [
  { path: 'wallet', ...page(wallet, 'WalletPage') },
  { path: 'wallet/unused-passbook', ...page(wallet, 'UnusedPassbookPage') },
  { path: 'wallet/winnings-passbook', ...page(wallet, 'WinningsPassbookPage') },
  { path: 'wallet/coins-passbook', ...page(wallet, 'CoinsPassbookPage') },
  { path: 'wallet/verify-mobile', ...page(wallet, 'VerifyMobilePage') },
  { path: 'wallet/verify-pan-card', ...page(wallet, 'VerifyPanPage') },
  { path: 'wallet/verify-bank-account', ...page(wallet, 'VerifyBankPage') },
  { path: 'wallet/verify-upi', ...page(wallet, 'VerifyUpiPage') },
  { path: 'wallet/withdraw', ...page(wallet, 'WithdrawPage') },
  { path: 'wallet/refund-and-cancellation', ...page(wallet, 'RefundPolicyPage') },
  { path: 'add-cash', ...page(wallet, 'AddCashPage') },
  { path: 'add-cash/payment-options', ...page(wallet, 'PaymentOptionsPage') },
  { path: 'paytm/payment', ...page(wallet, 'PaytmResultPage') },
  { path: 'payumoney/success', ...page(wallet, 'PayuSuccessPage') },
  { path: 'payumoney/failure', ...page(wallet, 'PayuFailurePage') },
  { path: 'scratch-cards', ...page(rewards, 'ScratchCardsPage') },
  { path: 'scratch-cards/:id', ...byId(), ...page(rewards, 'ScratchCardPage') },
  { path: 'refer-and-earn', ...page(rewards, 'ReferPage') },
]

/** Reward pages that explain rather than show the player's own things. */
const rewardInfoRoutes: RouteObject[] = [
  { path: 'offers', ...page(rewards, 'OffersPage') },
  { path: 'refer-and-earn/learn', ...page(rewards, 'ReferLearnPage') },
  { path: 'scratch-cards/help', ...page(rewards, 'ScratchCardsHelpPage') },
]

/** Gangs (issue 12 item 4, docs/gangs.md): every gang call is about the signed-in player's gangs. */
const gangRoutes: RouteObject[] = [
  { path: 'gangs', ...page(gangs, 'GangsHomePage') },
  { path: 'series/:id/gangs', ...byId(), ...page(gangs, 'SeriesGangsPage') },
  { path: 'series/:id/gangs/:gang_id', ...byId('id', 'gang_id'), ...page(gangs, 'SeriesGangPage') },
  { path: 'championship/phases/:id/gangs', ...byId(), ...page(gangs, 'PhaseGangsPage') },
  {
    path: 'championship/phases/:id/gangs/:gang_id',
    ...byId('id', 'gang_id'),
    ...page(gangs, 'PhaseGangPage'),
  },
]

/** …and the ones that are about the player's own teams and entries. */
const signedInContestRoutes: RouteObject[] = [
  { path: 'my-contests', ...page(contests, 'MyContestsPage') },
  { path: 'contests/:id/compare', ...byId(), ...page(contests, 'ComparePage') },
  { path: 'contests/:id/compare/member', ...byId(), ...page(contests, 'CompareMemberPage') },
  { path: 'matches/:id/create-team', ...byId(), ...page(teams, 'CreateTeamPage') },
  { path: 'matches/:id/edit-team/:team_id', ...byId('id', 'team_id'), ...page(teams, 'EditTeamPage') },
  { path: 'matches/:id/viewteam/:team_id', ...byId('id', 'team_id'), ...page(teams, 'ViewTeamPage') },
  {
    path: 'teams/:team_id/players/:player_id',
    ...byId('team_id', 'player_id'),
    ...page(teams, 'TeamPlayerPage'),
  },
]

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <BootSplash />,
    children: [
      // It always redirects; the splash is what shows for the instant before it does.
      { index: true, loader: indexRedirect, element: <BootSplash /> },
      {
        path: 'landing',
        lazy: async () => ({ Component: (await import('./features/landing/LandingPage')).LandingPage }),
      },
      {
        path: 'shutdown',
        lazy: async () => ({ Component: (await import('./features/info/ShutdownPage')).ShutdownPage }),
      },
      {
        element: <AuthLayout />,
        errorElement: <ErrorPage />,
        children: [
          {
            path: 'login',
            loader: redirectIfSignedIn,
            lazy: async () => ({ Component: (await import('./features/auth/LoginPage')).LoginPage }),
          },
          {
            path: 'login/forgot-password',
            lazy: async () => ({
              Component: (await import('./features/auth/ForgotPasswordPage')).ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password/:token?',
            lazy: async () => ({
              Component: (await import('./features/auth/ResetPasswordPage')).ResetPasswordPage,
            }),
          },
          {
            path: 'signup',
            loader: redirectIfSignedIn,
            lazy: async () => ({ Component: (await import('./features/auth/SignupPage')).SignupPage }),
          },
          {
            loader: requireSignedIn,
            children: [
              {
                path: 'signup/my-interests',
                lazy: async () => ({
                  Component: (await import('./features/onboarding/InterestsStep')).InterestsStep,
                }),
              },
              {
                path: 'signup/select-avatar',
                lazy: async () => ({
                  Component: (await import('./features/onboarding/AvatarStep')).AvatarStep,
                }),
              },
              {
                path: 'signup/suggested-accounts',
                lazy: async () => ({
                  Component: (await import('./features/onboarding/SuggestionsStep')).SuggestionsStep,
                }),
              },
            ],
          },
          {
            path: 'logout',
            lazy: async () => ({ Component: (await import('./features/auth/LogoutPage')).LogoutPage }),
          },
        ],
      },
      {
        element: <AppShell />,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              ...contestRoutes,
              ...contestPagesRoutes,
              ...postRoutes,
              ...peopleRoutes,
              {
                loader: requireSignedIn,
                children: [
                  ...signedInContestRoutes,
                  ...signedInContestPagesRoutes,
                  ...signedInPostRoutes,
                  ...signedInPeopleRoutes,
                  ...groupRoutes,
                  ...gangRoutes,
                  ...championshipRoutes,
                  ...contestCreationRoutes,
                  ...auctionRoutes,
                  ...walletRoutes,
                  {
                    path: 'profile',
                    lazy: async () => ({
                      Component: (await import('./features/me/ProfilePage')).ProfilePage,
                    }),
                  },
                  {
                    path: 'profile/settings',
                    lazy: async () => ({
                      Component: (await import('./features/me/SettingsPage')).SettingsPage,
                    }),
                  },
                  {
                    path: 'notifications',
                    lazy: async () => ({
                      Component: (await import('./features/notifications/NotificationsPage'))
                        .NotificationsPage,
                    }),
                  },
                ],
              },
              {
                path: 'point-system',
                lazy: async () => ({
                  Component: (await import('./features/point-system/PointSystemPage')).PointSystemPage,
                }),
              },
              infoPage('about-us', 'AboutPage'),
              infoPage('privacy-policy', 'PrivacyPage'),
              infoPage('terms-and-conditions', 'TermsPage'),
              infoPage('android-app', 'AndroidAppPage'),
              {
                path: 'help',
                lazy: async () => ({
                  Component: (await import('./features/help/HelpIndexPage')).HelpIndexPage,
                }),
              },
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
