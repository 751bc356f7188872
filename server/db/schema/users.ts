import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

// People and their sign-in: users, tokens, OAuth clients, follows, ratings, experience.

export interface OauthClientsTable {
  id: string
  name: string
  created_at_ms: number
}

export interface AvatarsTable {
  id: Generated<number>
  name: string
  url: string
  sort: Generated<number>
}

export type Role = 'player' | 'admin'

export type UserStatus = 'active' | 'invited' | 'disabled'

export interface UsersTable {
  id: Generated<number>
  slug: string
  username: string
  username_key: string
  email: string
  password_hash: string | null
  full_name: string | null
  team_name: string | null
  role: Generated<Role>
  status: Generated<UserStatus>
  email_verified_at_ms: number | null
  mobile_no: string | null
  mobile_approved: Generated<number>
  pancard_status: Generated<string>
  dob: string | null
  about_me: string | null
  avatar_id: number | null
  image_url: string | null
  reference: string
  referred_by_id: number | null
  xp_points: Generated<number>
  interests: Generated<string>
  created_at_ms: number
  updated_at_ms: number
  /** Kept in the follow's own transaction (docs/social.md). */
  follower_count: Generated<number>
  following_count: Generated<number>
}

export type UserRow = Selectable<UsersTable>

export type NewUser = Insertable<UsersTable>

export type UserUpdate = Updateable<UsersTable>

export type TokenPurpose = 'reset_password' | 'activation'

export interface UserTokensTable {
  id: Generated<number>
  user_id: number
  purpose: TokenPurpose
  token_hash: string
  expires_at_ms: number
  used_at_ms: number | null
  created_at_ms: number
}

export interface OauthAccessTokensTable {
  id: Generated<number>
  token_hash: string
  user_id: number
  client_id: string
  family_id: string
  expires_at_ms: number
  revoked_at_ms: number | null
  created_at_ms: number
}

export interface OauthRefreshTokensTable {
  id: Generated<number>
  token_hash: string
  user_id: number
  client_id: string
  family_id: string
  parent_id: number | null
  expires_at_ms: number
  used_at_ms: number | null
  revoked_at_ms: number | null
  created_at_ms: number
}

export interface FollowsTable {
  follower_id: number
  followee_id: number
  created_at_ms: number
}

/** One rating per rater per user, editable (docs/social.md). */
export interface UserRatingsTable {
  id: Generated<number>
  rater_id: number
  user_id: number
  rating: number
  review: string | null
  created_at_ms: number
  updated_at_ms: number
}

/** Experience points, each award once per (user, reason, source). */
export interface XpAwardsTable {
  id: Generated<number>
  user_id: number
  reason: string
  source: string
  points: number
  created_at_ms: number
}

/** Every time an admin took a token to act as a user (`--as`; docs/classroom.md). */
export interface AdminActAsTable {
  id: Generated<number>
  admin_id: number
  user_id: number
  family_id: string
  client_id: string
  /** Wall time, as token lifetimes. */
  created_at_ms: number
  expires_at_ms: number
}

export interface UsersTables {
  oauth_clients: OauthClientsTable
  avatars: AvatarsTable
  users: UsersTable
  user_tokens: UserTokensTable
  oauth_access_tokens: OauthAccessTokensTable
  oauth_refresh_tokens: OauthRefreshTokensTable
  follows: FollowsTable
  user_ratings: UserRatingsTable
  xp_awards: XpAwardsTable
  admin_act_as: AdminActAsTable
}
