import os from 'node:os'

/**
 * Loopback addresses take connections from this machine only: 127.0.0.0/8, ::1 and
 * `localhost`. Anything else — a wildcard (0.0.0.0, ::) or a LAN address — may be reached by
 * other machines, where the README's passwords must not open any account
 * (auth/network-passwords.ts).
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
  return h === 'localhost' || h === '::1' || h.startsWith('127.') || h.startsWith('::ffff:127.')
}

/** Addresses that listen on every interface. */
export function isWildcard(host: string): boolean {
  return ['0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0'].includes(host.trim())
}

/**
 * The URLs other machines can use for a server listening on `host`: one per external IPv4
 * address (the wildcard case), or the host itself. The first is the address links carry
 * (http/served-url.ts); `serve` and `demo` print them all.
 */
export function lanUrls(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): string[] {
  if (!isWildcard(host)) return [`http://${host.includes(':') ? `[${host}]` : host}:${port}/`]
  const urls: string[] = []
  for (const infos of Object.values(interfaces))
    for (const info of infos ?? [])
      if (info.family === 'IPv4' && !info.internal) urls.push(`http://${info.address}:${port}/`)
  return urls
}
