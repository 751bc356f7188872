import type { ReactNode } from 'react'
import {
  BellIcon,
  ChartIcon,
  ChatIcon,
  EyeIcon,
  GiftIcon,
  HeartIcon,
  HelpIcon,
  HomeIcon,
  InfoIcon,
  LoginIcon,
  LogoutIcon,
  MedalIcon,
  SettingsIcon,
  TableIcon,
  TicketIcon,
  TrophyIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '../components/Icons'
import { AuctionIcon } from '../features/auctions/AuctionIcon'
import { EsportsIcon } from '../features/esports/EsportsIcon'
import { CHAMPIONSHIP_PATH, HOME_PATH, LANDING_PATH, LOGIN_PATH } from '../lib/paths'

export interface NavItem {
  to: string
  label: string
  short: string
  icon: ReactNode
}

/** PUBG, Free Fire and Call of Duty contests and tournaments (docs/esports.md). */
const ESPORTS: NavItem = { to: '/pubg/contests', label: 'Esports', short: 'Esports', icon: <EsportsIcon /> }

/** The menu: the drawer on phones, the side bar on wide screens. */
export function menuItems(signedIn: boolean): NavItem[] {
  const common: NavItem[] = [
    { to: '/point-system', label: 'Point System', short: 'Points', icon: <TableIcon /> },
    { to: '/help', label: 'Help', short: 'Help', icon: <HelpIcon /> },
    { to: '/about-us', label: 'About Us', short: 'About', icon: <InfoIcon /> },
  ]
  if (!signedIn)
    return [
      { to: LANDING_PATH, label: 'Home', short: 'Home', icon: <HomeIcon /> },
      { to: HOME_PATH, label: 'Contests', short: 'Contests', icon: <TrophyIcon /> },
      { to: CHAMPIONSHIP_PATH, label: 'Championship', short: 'Champ', icon: <MedalIcon /> },
      ESPORTS,
      { to: '/discover', label: 'Discover', short: 'Discover', icon: <EyeIcon /> },
      { to: '/leaderboards', label: 'Leaderboards', short: 'Boards', icon: <ChartIcon /> },
      ...common,
      { to: LOGIN_PATH, label: 'Log in', short: 'Log in', icon: <LoginIcon /> },
    ]
  return [
    { to: HOME_PATH, label: 'Contests', short: 'Contests', icon: <TrophyIcon /> },
    { to: '/my-contests', label: 'My Contests', short: 'Joined', icon: <TicketIcon /> },
    { to: '/feeds', label: 'Feed', short: 'Feed', icon: <HeartIcon /> },
    { to: '/groups', label: 'Chats', short: 'Chats', icon: <ChatIcon /> },
    { to: '/discover', label: 'Discover', short: 'Discover', icon: <EyeIcon /> },
    { to: CHAMPIONSHIP_PATH, label: 'Championship', short: 'Champ', icon: <MedalIcon /> },
    ESPORTS,
    { to: '/gangs', label: 'Gangs', short: 'Gangs', icon: <UsersIcon /> },
    { to: '/leaderboards', label: 'Leaderboards', short: 'Boards', icon: <ChartIcon /> },
    { to: '/users/suggestions', label: 'People to follow', short: 'People', icon: <UserIcon /> },
    { to: '/auctions', label: 'Auctions', short: 'Auctions', icon: <AuctionIcon /> },
    { to: '/wallet', label: 'My Wallet', short: 'Wallet', icon: <WalletIcon /> },
    { to: '/scratch-cards', label: 'Scratch Cards', short: 'Rewards', icon: <GiftIcon /> },
    { to: '/refer-and-earn', label: 'Refer and Earn', short: 'Refer', icon: <UsersIcon /> },
    { to: '/profile', label: 'My Profile', short: 'Profile', icon: <UserIcon /> },
    { to: '/profile/settings', label: 'Settings', short: 'Settings', icon: <SettingsIcon /> },
    { to: '/notifications', label: 'Notifications', short: 'Alerts', icon: <BellIcon /> },
    ...common,
    { to: '/logout', label: 'Log out', short: 'Log out', icon: <LogoutIcon /> },
  ]
}

/**
 * The phone's bottom bar: the four most used places (the menu button is the fifth). Chats
 * took the profile's place: the menu's header links to the profile.
 */
export function bottomItems(signedIn: boolean): NavItem[] {
  const items = menuItems(signedIn)
  const pick = signedIn
    ? [HOME_PATH, '/my-contests', '/groups', '/notifications']
    : [LANDING_PATH, HOME_PATH, '/point-system', LOGIN_PATH]
  return pick.map((to) => items.find((item) => item.to === to)).filter((item): item is NavItem => !!item)
}
