/**
 * Where a signed-in player lands. The spec's home is /contests; until contests ship in a
 * later issue the profile is the home page, and changing this one constant moves it.
 */
export const HOME_PATH = '/profile'
export const LOGIN_PATH = '/login'
export const LANDING_PATH = '/landing'
