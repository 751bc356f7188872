/** Your own account: sign-up and the Me profile, composed over users, auth, wallet, esports and social (docs/users-and-auth.md). The front door. */
export type { MeJson } from './me'
export { meRoutes } from './me.routes'
export { adminCreateUser } from './sign-up'
export { signUpRoutes } from './sign-up.routes'
