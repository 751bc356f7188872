import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { TxScope } from '../db/tx'
import { AppError, forbidden, unauthorized } from './errors'
import { validationHook } from './validation'

/** The signed-in caller, resolved from the bearer token by the auth middleware. */
export interface AuthUser {
  id: number
  slug: string
  username: string
  email: string
  role: 'player' | 'admin'
  tokenId: number
  familyId: string
  clientId: string
}

export interface AppEnv {
  /** Node's request/response pair in production; absent for in-process test requests. */
  Bindings: object
  Variables: {
    requestId: string
    user: AuthUser | null
    /** Why a presented token was refused (expired, revoked, unknown) — for the 401 message. */
    tokenProblem: string | null
    /** The request's own transaction, on idempotent routes (`requestDeps`). */
    txScope: TxScope | null
  }
}

/** Every area builds its routes on one of these, so every input error becomes the 422 shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
}

export type AppContext = Context<AppEnv>

export function currentUser(c: AppContext): AuthUser {
  const user = c.get('user')
  if (user) return user
  const problem = c.get('tokenProblem')
  if (problem) throw new AppError('INVALID_TOKEN', problem)
  throw unauthorized()
}

export function currentAdmin(c: AppContext): AuthUser {
  const user = currentUser(c)
  if (user.role !== 'admin') throw forbidden('Only an admin can do that')
  return user
}

export const bearerSecurity = [{ Bearer: [] as string[] }]
