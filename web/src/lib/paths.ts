/** Where a signed-in player lands: the spec's home, the contests of the day. */
export const HOME_PATH = '/contests'
export const LOGIN_PATH = '/login'
export const LANDING_PATH = '/landing'
/** The championship home: every phase with my team in it. */
export const CHAMPIONSHIP_PATH = '/championship'
