import { type LoaderFunctionArgs, redirect } from 'react-router'
import { HOME_PATH, LANDING_PATH, LOGIN_PATH } from './paths'
import { isSignedIn, rememberPath, returnPath } from './session'

/** Pages that need sign-in: off to /login, remembering where the user wanted to go. */
export function requireSignedIn({ request }: LoaderFunctionArgs) {
  if (isSignedIn()) return null
  const url = new URL(request.url)
  rememberPath(url.pathname + url.search)
  throw redirect(LOGIN_PATH)
}

/** Login and signup are for signed-out visitors; a signed-in one goes back to where they were. */
export function redirectIfSignedIn() {
  if (isSignedIn()) throw redirect(returnPath())
  return null
}

/** `/`: the pitch for visitors, home for players. */
export function indexRedirect() {
  throw redirect(isSignedIn() ? HOME_PATH : LANDING_PATH)
}
