import { data, type LoaderFunctionArgs, redirect } from 'react-router'
import { HOME_PATH, LANDING_PATH, LOGIN_PATH } from '../lib/paths'
import { isSignedIn, rememberPath, returnPath } from '../lib/session'

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

/**
 * For routes whose segments are ids (`/contests/:id`): a segment that is not a whole number
 * names no page, so the visitor gets the 404 page — `/contests/create` is not contest
 * "create", and must not be fetched as one and answered with an error banner.
 */
export function wholeNumberParams(...names: string[]) {
  return ({ params }: LoaderFunctionArgs) => {
    for (const name of names)
      if (!/^[1-9]\d{0,15}$/.test(params[name] ?? '')) throw data('Page not found', { status: 404 })
    return null
  }
}
