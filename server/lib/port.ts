import net from 'node:net'

/**
 * Fails with the listen error (EADDRINUSE, EACCES …) when `host:port` cannot be listened on,
 * before a server writes anything: a second `fanspole demo` or `serve` on a busy port must
 * stop before it seeds, not after. Port 0 (any free one) always can. Another process may still
 * take the port between this check and the real listen; the real listen then fails as before.
 */
export function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()))
  })
}
