import type { RouteObject } from 'react-router'
import { redirectIfSignedIn } from '../../lib/guards'
import { page } from '../../lib/routing'

/** Signing in and up are for signed-out visitors; a signed-in one goes back to where they were. */
export const authRoutes: RouteObject[] = [
  { path: 'login', loader: redirectIfSignedIn, ...page(() => import('./LoginPage'), 'LoginPage') },
  { path: 'login/forgot-password', ...page(() => import('./ForgotPasswordPage'), 'ForgotPasswordPage') },
  { path: 'reset-password/:token?', ...page(() => import('./ResetPasswordPage'), 'ResetPasswordPage') },
  { path: 'signup', loader: redirectIfSignedIn, ...page(() => import('./SignupPage'), 'SignupPage') },
]

export const logoutRoute: RouteObject = {
  path: 'logout',
  ...page(() => import('./LogoutPage'), 'LogoutPage'),
}
