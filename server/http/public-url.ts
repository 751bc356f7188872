import os from 'node:os'
import type { Context } from 'hono'
import type { Config } from '../core/config'
import type { Deps } from '../core/deps'
import { isLoopbackHost } from '../lib/hosts'
import { readServedUrl } from './served-url'

type LinkConfig = Pick<Config, 'publicUrl' | 'trustProxy' | 'port' | 'allowedHosts'>

const HOST = /^(?<name>[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(?<port>\d{1,5}))?$/i

/**
 * The base of the links the server writes for a player (invites, mail links, share links,
 * class cards; docs/architecture.md "Links"): `FANSPOLE_PUBLIC_URL` when set, else the address
 * the caller used — the request's Host (with its scheme), so a player on 127.0.0.1 or a LAN
 * address gets links that open there, signed in.
 *
 * The Host header is the caller's to write, and a reset mail carrying a host of the caller's
 * choosing would hand someone else's token to that host. So a Host is only taken when it
 * names this machine: `localhost`, a loopback address, an address of one of its network
 * interfaces, or a name in `FANSPOLE_ALLOWED_HOSTS`; anything else gets
 * `http://localhost:<port>`. Behind a trusted proxy (`FANSPOLE_TRUST_PROXY`) the proxy's
 * `X-Forwarded-Host` and `X-Forwarded-Proto` stand for the caller's, with the same check.
 *
 * `served`: the LAN address the server serves on (http/served-url.ts). A caller on this
 * machine (a loopback Host, or none) — the instructor's CLI making class cards — gets links
 * with it instead: they are for students on other machines.
 */
export function linkBase(config: LinkConfig, request?: Request, served?: string): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '')
  const fallback = served ?? `http://localhost:${config.port}`
  if (!request) return fallback
  const url = new URL(request.url)
  const forwarded = (name: string) =>
    config.trustProxy ? request.headers.get(name)?.split(',')[0]?.trim() || undefined : undefined
  const host = forwarded('x-forwarded-host') ?? request.headers.get('host') ?? url.host
  const scheme = forwarded('x-forwarded-proto') ?? url.protocol.replace(/:$/, '')
  if (scheme !== 'http' && scheme !== 'https') return fallback
  if (!isOwnHost(host, config.allowedHosts)) return fallback
  if (served && isLoopbackHost(host.replace(/:\d+$/, ''))) return served
  return `${scheme}://${host.toLowerCase()}`
}

/** `linkBase` for a route's request, with the stored LAN address. */
export const linkBaseOf = async (deps: Pick<Deps, 'config' | 'db'>, c: Context) =>
  linkBase(deps.config, c.req.raw, await readServedUrl(deps.db))

/** Whether `host` (`name[:port]`) names this machine or an allowed name. */
export function isOwnHost(host: string, allowed: readonly string[] = []): boolean {
  const match = HOST.exec(host.trim())
  if (!match?.groups) return false
  const port = match.groups.port
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false
  const name = (match.groups.name as string).toLowerCase().replace(/^\[|\]$/g, '')
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  if (allowed.some((a) => a.toLowerCase() === name)) return true
  if (/^127(\.\d{1,3}){3}$/.test(name) || name === '::1') return true
  return Object.values(os.networkInterfaces())
    .flat()
    .some((i) => i?.address.toLowerCase() === name)
}
