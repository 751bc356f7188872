import type { AuctionsTables } from './auctions'
import type { ContestsTables } from './contests'
import type { EsportsTables } from './esports'
import type { GroupsTables } from './groups'
import type { LedgerTables } from './ledger'
import type { MatchesTables } from './matches'
import type { NotificationsTables } from './notifications'
import type { PlatformTables } from './platform'
import type { SocialTables } from './social'
import type { UsersTables } from './users'
import type { WalletTables } from './wallet'

// The database as the code sees it. Kept honest by tests/unit/platform/db-schema.test.ts, which
// compares these tables and columns with what the migrations actually create.
// Booleans are 0/1 integers and instants are epoch milliseconds on every dialect.

// One interface per area (the files beside this one); the database is all of them.
export interface Database
  extends PlatformTables,
    UsersTables,
    NotificationsTables,
    LedgerTables,
    MatchesTables,
    ContestsTables,
    AuctionsTables,
    WalletTables,
    SocialTables,
    GroupsTables,
    EsportsTables {}

export type * from './auctions'
export type * from './contests'
export type * from './esports'
export type * from './groups'
export type * from './ledger'
export type * from './matches'
export type * from './notifications'
export type * from './platform'
export type * from './social'
export type * from './users'
export type * from './wallet'
