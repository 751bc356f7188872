import type { HttpAnswer, HttpRequest } from './http'
import type { UserSpec } from './loader'
import { show } from './show'
import type { Target } from './target'
import type { ScenarioUser } from './types'

const MAX_USERNAME = 20

/**
 * Unique credentials for every declared user: the run id goes into usernames and e-mail
 * addresses, so the same scenario can run again and again against one server.
 */
export function planUsers(specs: Record<string, UserSpec>, runId: string): Record<string, ScenarioUser> {
  const out: Record<string, ScenarioUser> = {}
  const taken = new Set<string>()
  for (const [name, spec] of Object.entries(specs)) {
    const room = MAX_USERNAME - runId.length - 1
    let base = name.slice(0, room)
    for (let n = 2; taken.has(base.toLowerCase()); n++) base = `${name.slice(0, room - String(n).length)}${n}`
    taken.add(base.toLowerCase())
    out[name] = {
      name,
      role: spec.role,
      username: `${base}_${runId}`,
      email: spec.email ?? `${name.toLowerCase()}-${runId}@scenario.fanspole.test`,
      password: spec.password ?? `pw-${name}-${runId}`,
    }
  }
  return out
}

type Http = (request: HttpRequest) => Promise<HttpAnswer>

function failed(what: string, request: HttpRequest, answer: HttpAnswer): Error {
  return new Error(`${what}: ${request.method} ${request.path} → ${answer.status} ${show(answer.body, 400)}`)
}

/** Password grant for a user; stores the token pair on the user. */
export async function signIn(http: Http, user: ScenarioUser): Promise<void> {
  const request = {
    method: 'POST',
    path: '/oauth/token',
    body: { grant_type: 'password', email: user.email, password: user.password },
  }
  const answer = await http(request)
  if (answer.status !== 200) {
    const hint = answer.status === 429 ? ' (rate limited: wait a minute and run again)' : ''
    throw failed(`could not sign in ${user.name} as ${user.email}${hint}`, request, answer)
  }
  const pair = answer.body as { access_token: string; refresh_token: string }
  user.token = pair.access_token
  user.refresh_token = pair.refresh_token
}

/** Signs a player up through the API (`POST /api/users`) and in (`/oauth/token`). */
async function setUpPlayer(http: Http, user: ScenarioUser, spec: UserSpec): Promise<void> {
  const body: Record<string, string> = { email: user.email, username: user.username, password: user.password }
  if (spec.full_name) body.full_name = spec.full_name
  const request = { method: 'POST', path: '/api/users', body }
  const answer = await http(request)
  if (answer.status !== 201) throw failed(`could not sign up ${user.name}`, request, answer)
  const created = (answer.body as { user: { id: number; slug: string } }).user
  user.id = created.id
  user.slug = created.slug
  await signIn(http, user)
}

async function readMe(http: Http, token: string | undefined) {
  const request = { method: 'GET', path: '/api/me', token }
  const answer = await http(request)
  const me = (answer.body as { user?: { id: number; slug: string; username: string; role: string } } | null)
    ?.user
  return { request, answer, me: answer.status === 200 ? me : undefined }
}

/** Copies the account's real id, slug, username and role onto the user. */
async function adopt(http: Http, user: ScenarioUser): Promise<{ role: string }> {
  const read = await readMe(http, user.token)
  if (!read.me) throw failed(`could not read the account of ${user.name}`, read.request, read.answer)
  user.id = read.me.id
  user.slug = read.me.slug
  user.username = read.me.username
  return read.me
}

/** An account that already exists (a seeded demo player, say): signed in, not signed up. */
async function setUpExisting(http: Http, user: ScenarioUser): Promise<void> {
  await signIn(http, user)
  const me = await adopt(http, user)
  user.role = me.role === 'admin' ? 'admin' : 'player'
}

/** The target's admin account, signed in; the user takes the account's real username and e-mail. */
export async function setUpAdmin(
  http: Http,
  user: ScenarioUser,
  target: Target,
  runId: string,
): Promise<void> {
  const credentials = await target.adminCredentials(runId)
  user.email = credentials.email
  user.password = credentials.password
  const cached = target.adminSession
  if (cached && (await readMe(http, cached.token)).me) {
    user.token = cached.token
    user.refresh_token = cached.refresh_token
  } else {
    await signIn(http, user)
    target.adminSession = { token: user.token as string, refresh_token: user.refresh_token }
  }
  const me = await adopt(http, user)
  if (me.role !== 'admin')
    throw new Error(
      `${user.email} signed in, but is a ${me.role}, not an admin; set FANSPOLE_ADMIN_EMAIL / FANSPOLE_ADMIN_PASSWORD`,
    )
}

export async function setUpUser(
  http: Http,
  user: ScenarioUser,
  spec: UserSpec,
  target: Target,
  runId: string,
): Promise<void> {
  if (spec.role === 'admin') return setUpAdmin(http, user, target, runId)
  if (!spec.create) return
  if (spec.email) return setUpExisting(http, user)
  return setUpPlayer(http, user, spec)
}
