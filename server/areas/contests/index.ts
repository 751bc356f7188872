export {
  activitiesPage,
  type ContestType,
  contestStreamOf,
  prizeActivities,
  recordActivity,
  recordJoined,
  usernameOf,
  wasRemoved,
} from './activities'
export { botPrefix, redirectBotRefunds, refundPayees } from './bot-stakes'
export { cancelAndRefund, cancelContest } from './cancel'
export { boolField, intField, jsonListField, rupeesField } from './form-fields'
export { homeRoutes } from './home.routes'
export { drawInviteCode } from './invite-codes'
export { contestLabel, contestMemo, entryFeeLines, poolCode, postEntryFee } from './ledger'
export { decideAtLock, lockedActivity } from './lock-decision'
export { cancelMatchContests, lockMatchContests } from './match-contests'
export { publishMembersCount, publishMyContests } from './members-live'
export {
  type ChampionshipContestSnapshot,
  type ContestChannelMessage,
  type ContestMessage,
  type ContestSnapshot,
  contestStream,
  type MatchContestsMessage,
  type MatchContestsSnapshot,
  type MyContestsMessage,
  matchContestsStream,
} from './messages'
export { contestBase, findContest, takeSeat } from './queries'
export { registerDeadlineReminders, sendDeadlineReminders } from './reminders'
export { cachedList, untilNextMatchStart, viewerOf } from './route-helpers'
export { contestRoutes } from './routes'
export { ContestSchema, contestParam, listQuery, OwnerFieldsShape, SeatFieldsShape } from './schemas'
export { ownerFields } from './serialize'
export { contestsJson, isLocked, joinContest, joinInTx, requireContest } from './service'
export { type SettlementReport, type SettleOptions, settleMatchContests } from './settle'
export { topicStream } from './topic-stream'
export { canSeeContest, normalizeCode, type Viewer, visibleContest } from './visibility'
