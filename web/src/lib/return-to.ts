/**
 * Spec §2: after a match team is saved the player goes to the address stored under
 * `after_user_team_create` (or `after_user_team_update`), else to `/`. Whoever sends a
 * player to the builder stores where they should come back to.
 */
export const AFTER_TEAM_CREATE = 'after_user_team_create'
export const AFTER_TEAM_UPDATE = 'after_user_team_update'
/** The same for a classic (championship) team: `after_classic_team_create` / `_update`. */
export const AFTER_CLASSIC_CREATE = 'after_classic_team_create'
export const AFTER_CLASSIC_UPDATE = 'after_classic_team_update'
type Key =
  | typeof AFTER_TEAM_CREATE
  | typeof AFTER_TEAM_UPDATE
  | typeof AFTER_CLASSIC_CREATE
  | typeof AFTER_CLASSIC_UPDATE

export function setReturnAddress(key: Key, path: string): void {
  localStorage.setItem(key, path)
}

/**
 * Reads and forgets the address: it is good for one save only. Without one (the builder opened
 * by its address), `fallback`: the place the builder belongs to, not the home page.
 */
export function takeReturnAddress(key: Key, fallback = '/'): string {
  const path = localStorage.getItem(key)
  localStorage.removeItem(key)
  return path?.startsWith('/') ? path : fallback
}
