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
