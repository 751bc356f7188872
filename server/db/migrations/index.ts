import type { Migration } from 'kysely'
import * as m001 from './2026-11-22-001-platform'
import * as m002 from './2026-11-22-002-daily-fantasy'
import * as m003 from './2026-11-22-003-auctions'
import * as m004 from './2026-11-22-004-auction-tournaments'
import * as m005 from './2026-11-22-005-auction-takeover'
import * as m006 from './2026-11-22-006-wallet'
import * as m007 from './2026-11-22-007-gateway-payments'
import * as m102 from './2026-11-24-002-list-indexes'
import * as m103 from './2026-11-24-003-restarts'
import * as mTokenGrace from './2026-11-24-004-token-grace'
import * as mReadSpeed from './2026-11-24-007-read-speed'
import * as mSharedBus from './2026-11-25-001-shared-bus'
import * as mJobClaims from './2026-11-25-002-job-claims'
import * as mSharedState from './2026-11-25-003-shared-state'
import * as mChampionship from './2026-11-26-001-championship'
import * as mGangs from './2026-11-26-002-gangs'
import * as mChampionshipContests from './2026-11-26-003-championship-contests'
import * as mContestCreation from './2026-11-27-001-contest-creation'
import * as mPrizesAccessReports from './2026-11-27-002-prizes-access-reports'
import * as mSocialPeople from './2026-11-28-001-social-people'
import * as mPosts from './2026-11-28-002-posts'
import * as mGroups from './2026-11-29-001-groups'
import * as mClassroom from './2026-12-01-001-classroom'
import * as mEsports from './2026-12-02-001-esports'
import * as mSettlementIndexes from './2026-12-03-001-settlement-indexes'
import * as mChangeNotify from './2026-12-03-050-change-notify'
import * as mSimProfiles from './2026-12-03-101-sim-profiles'
import * as mAuctionOverDays from './2026-12-04-201-auction-over-days'

/**
 * Every migration, in order. Listed statically (not read from the directory) so that the
 * bundled CLI carries them. Names are date-prefixed; a migration is never edited once merged.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-platform': m001,
  '2026-11-22-002-daily-fantasy': m002,
  '2026-11-22-003-auctions': m003,
  '2026-11-22-004-auction-tournaments': m004,
  '2026-11-22-005-auction-takeover': m005,
  '2026-11-22-006-wallet': m006,
  '2026-11-22-007-gateway-payments': m007,
  '2026-11-24-002-list-indexes': m102,
  '2026-11-24-003-restarts': m103,
  '2026-11-24-004-token-grace': mTokenGrace,
  '2026-11-24-007-read-speed': mReadSpeed,
  '2026-11-25-001-shared-bus': mSharedBus,
  '2026-11-25-002-job-claims': mJobClaims,
  '2026-11-25-003-shared-state': mSharedState,
  '2026-11-26-001-championship': mChampionship,
  '2026-11-26-002-gangs': mGangs,
  '2026-11-26-003-championship-contests': mChampionshipContests,
  '2026-11-27-001-contest-creation': mContestCreation,
  '2026-11-27-002-prizes-access-reports': mPrizesAccessReports,
  '2026-11-28-001-social-people': mSocialPeople,
  '2026-11-28-002-posts': mPosts,
  '2026-11-29-001-groups': mGroups,
  '2026-12-01-001-classroom': mClassroom,
  '2026-12-02-001-esports': mEsports,
  '2026-12-03-001-settlement-indexes': mSettlementIndexes,
  '2026-12-03-050-change-notify': mChangeNotify,
  '2026-12-03-101-sim-profiles': mSimProfiles,
  '2026-12-04-201-auction-over-days': mAuctionOverDays,
}
