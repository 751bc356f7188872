/** The front door of features/me: what other features may use. The signed-in player's profile and settings, and the pickers they share with onboarding and groups. */

export { avatarsQuery, sportsQuery } from './api'
export { AvatarPicker, SportPicker } from './pickers'
