/**
 * The `/contests/create/{kind}` pages (a small module: the router checks the name before the
 * page's chunk loads, so an unknown kind is the 404 page).
 */
/** The kinds with a creation form here (the auction has its own form at `/contests/create/auction`). */
export const FORM_KINDS: readonly string[] = [
  'single-match',
  'football-single-match',
  'f1-single-match',
  'championship',
]
/** The esports kinds' host forms and the PUBG access pages (features/esports/create). */
export const ESPORTS_PAGES: readonly string[] = [
  'pubg',
  'pubg-lite',
  'pubg-single-match',
  'free-fire',
  'call-of-duty',
  'pubg-get-access',
  'pubg-contest-requirement',
]
export const KIND_PAGES: readonly string[] = [...FORM_KINDS, ...ESPORTS_PAGES]
