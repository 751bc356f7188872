import { Api } from './api'
import { readSession } from './credentials'
import type { Io } from './io'
import { resolveServer } from './options'

/** Acting as the signed-in player (`fanspole login`), on the server `--server` names. */
export const player = (io: Io, server: string | undefined): Api =>
  new Api(io, resolveServer(io, server), 'user')

/**
 * For reads anyone may do (matches, contests, leaderboards): the stored session when there
 * is one, so the answers carry the caller's own teams and entries; anonymous otherwise.
 */
export function readerApi(io: Io, server: string): Api {
  return new Api(io, server, readSession(io.env, server) ? 'user' : 'none')
}

/**
 * A valid access token for `/cable`: the stored session (refreshed when it ran out), else
 * the configured admin, as admin commands do. Called again on every reconnect.
 */
export function cableTokens(io: Io, server: string): () => Promise<string> {
  const api = new Api(io, server, 'admin')
  return () => api.validToken()
}
