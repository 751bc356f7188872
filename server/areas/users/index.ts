/** Accounts, public profiles, follows, lookups and visibility of people (docs/users-and-auth.md). The front door. */
export { AVATAR_COUNT, AVATAR_NAMES } from './avatar-svg'
export { profileStream } from './follows'
export { mediaRoutes } from './media'
export { peopleRoutes } from './people.routes'
export {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByReference,
  findUserBySlug,
  findUserByUsername,
  USER_CARD_FIELDS,
} from './queries'
export { userRoutes } from './routes'
export { email, Level, NextLevel, password, username } from './schemas'
export {
  imageFor,
  insertUser,
  requireUser,
  type serializePublicUser,
  takenError,
  uniquenessErrors,
} from './service'
export { visibleUser, visibleUsersBySlugs, visibleUsersByUsernameKeys } from './visibility'
export { awardXp, joinAwards, type XpAward } from './xp'
export { awardXpMany } from './xp-bulk'
