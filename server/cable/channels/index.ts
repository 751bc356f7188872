import type { ChannelDefinition } from '../types'
import { AuctionChannel, AuctionTournamentChannel } from './auction'
import { ChampionshipChannel } from './championship'
import { ChatsChannel } from './chats'
import { ClockChannel } from './clock'
import { ContestChannel } from './contest'
import { EsportsContestChannel, EsportsTournamentChannel } from './esports'
import { GroupChannel } from './group'
import { MatchChannel } from './match'
import { NotificationsChannel } from './notifications'
import { ProfileChannel } from './profile'
import { TopicChannel } from './topic'

/**
 * Every channel a /cable client can subscribe to, by the `channel` name in its identifier.
 * A new channel is its own definition file plus one entry here; the server needs no change.
 */
export const CHANNELS: ChannelDefinition[] = [
  NotificationsChannel,
  MatchChannel,
  ContestChannel,
  ChampionshipChannel,
  AuctionChannel,
  AuctionTournamentChannel,
  ClockChannel,
  ProfileChannel,
  TopicChannel,
  GroupChannel,
  ChatsChannel,
  EsportsContestChannel,
  EsportsTournamentChannel,
]
