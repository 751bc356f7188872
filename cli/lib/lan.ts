import { isLoopbackHost, isWildcard, lanUrls } from '../../server/index'

export { isWildcard, lanUrls }

/**
 * Serving a classroom on a LAN (docs/classroom.md, "On a LAN"). The server listens on
 * 127.0.0.1 unless `--host` is spelled out: an address that takes connections from the whole
 * network is a decision, never a default — so `HOST=0.0.0.0` in the environment (set by
 * some other tool, or left over in a shell) does not open the server up on its own.
 */

export const LOOPBACK = '127.0.0.1'

/** Reachable from other machines: anything but a loopback address or `localhost`. */
export function isExposed(host: string): boolean {
  return !isLoopbackHost(host)
}

export interface HostChoice {
  host: string
  /** Why an address from the environment was not used (printed as a note). */
  ignored?: string
}

/** `--host` when given; else $HOST unless it is a wildcard; else 127.0.0.1. */
export function chooseHost(flag: string | undefined, env: NodeJS.ProcessEnv): HostChoice {
  if (flag !== undefined) return { host: flag }
  const fromEnv = env.HOST?.trim()
  if (!fromEnv) return { host: LOOPBACK }
  if (isWildcard(fromEnv))
    return {
      host: LOOPBACK,
      ignored: `HOST=${fromEnv} ignored: listening on every interface needs --host ${fromEnv} spelled out`,
    }
  return { host: fromEnv }
}

export function lanWarning(host: string, urls: string[]): string {
  const where = urls.length > 0 ? urls.join(', ') : 'no external IPv4 address was found on this machine'
  return [
    `warning: listening on ${host}: anyone on this network can reach this server, its sign-in page and the accounts printed here.`,
    '  Use it on a network you trust (a classroom LAN), and stop it when the class is over.',
    `  Students open: ${where}`,
  ].join('\n')
}
