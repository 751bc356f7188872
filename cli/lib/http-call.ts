import http from 'node:http'

/**
 * One HTTP exchange with the server, answered as status and text.
 *
 * `fetch` would do, but its first call loads undici — ~45 ms of a command line's start, more
 * than the rest of `fanspole match list` — while `node:http` is part of Node's own snapshot.
 * `https:` servers (a product behind a TLS proxy) load `node:https` when first met.
 */
export interface HttpCall {
  method: string
  headers: Record<string, string>
  body?: string
  timeoutMs: number
}

export async function httpCall(
  url: string,
  call: HttpCall,
): Promise<{ status: number; text: string; headers: Record<string, string> }> {
  const target = new URL(url)
  const transport = target.protocol === 'https:' ? await import('node:https') : http
  return new Promise((resolve, reject) => {
    const request = transport.request(
      target,
      { method: call.method, headers: call.headers, timeout: call.timeoutMs },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: headersOf(response.headers),
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })))
    request.on('error', reject)
    request.end(call.body)
  })
}

/** Node's headers as one string per name (repeated ones joined, as HTTP allows). */
function headersOf(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value
  return out
}
