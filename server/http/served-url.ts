import type { Deps } from '../core/deps'
import { isLoopbackHost, lanUrls } from '../lib/hosts'

/** The `app_settings` row of the address the server serves the LAN on. */
export const SERVED_URL_KEY = 'served_url'

/**
 * The address a server listening on `host` serves the LAN on (the first of the addresses
 * `serve` prints, without its trailing slash); none on a loopback address or when the
 * machine has no external IPv4 address.
 */
export function servedUrlOf(host: string, port: number): string | undefined {
  if (isLoopbackHost(host)) return undefined
  return lanUrls(host, port)[0]?.replace(/\/+$/, '')
}

/**
 * Written when a server starts listening (server/main.ts), so that every process on the
 * database — and every request, whatever address it came by — writes links with it: a server
 * that listens beyond loopback stores its LAN address; one on loopback alone clears it unless
 * another server process is alive (its LAN address still holds).
 */
export async function recordServedUrl(
  deps: Pick<Deps, 'db' | 'clock'>,
  host: string,
  port: number,
  othersAlive: boolean,
): Promise<string | undefined> {
  const url = servedUrlOf(host, port)
  const now = deps.clock.wallNow()
  if (url)
    await deps.db
      .insertInto('app_settings')
      .values({ key: SERVED_URL_KEY, value: url, updated_at_ms: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: url, updated_at_ms: now }))
      .execute()
  else if (!othersAlive) await deps.db.deleteFrom('app_settings').where('key', '=', SERVED_URL_KEY).execute()
  return url
}

export async function readServedUrl(db: Deps['db']): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SERVED_URL_KEY)
    .executeTakeFirst()
  return row?.value
}
