/** The HTTP side of a scenario: one request in, status + headers + parsed body out. */
export interface HttpRequest {
  method: string
  path: string
  /** Bearer token for `Authorization`. */
  token?: string
  /** Extra headers; `null` removes a default header. */
  headers?: Record<string, string | null>
  query?: Record<string, unknown>
  /** JSON body. */
  body?: unknown
  /** A literal body (sent as application/json unless a content-type header says otherwise). */
  raw?: string
  /** An application/x-www-form-urlencoded body. */
  form?: Record<string, unknown>
  timeoutMs?: number
}

export interface HttpAnswer {
  status: number
  headers: Record<string, string>
  body: unknown
  duration_ms: number
}

/** Every request names a client, as the web client and the CLI do; `headers: { X-Fanspole-Client: null }` drops it. */
export const DEFAULT_CLIENT_ID = 'cli'

export function requestUrl(serverUrl: string, path: string, query?: Record<string, unknown>): string {
  const url = new URL(path, serverUrl)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? value : [value])
      url.searchParams.append(key, typeof item === 'string' ? item : JSON.stringify(item))
  }
  return url.toString()
}

export async function sendHttp(
  serverUrl: string,
  request: HttpRequest,
  signal?: AbortSignal,
): Promise<HttpAnswer> {
  const { headers, body } = headersAndBody(request)
  const timeout = AbortSignal.timeout(request.timeoutMs ?? 30_000)
  const started = performance.now()
  let response: Response
  const send = () =>
    fetch(requestUrl(serverUrl, request.path, request.query), {
      method: request.method,
      headers,
      body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
  try {
    response = await send().catch((error) => {
      // A kept-alive connection to a server that has since stopped (a restart step) fails on
      // first use; a read is sent again once, on a new connection. Writes are never repeated.
      const code = (error as { cause?: { code?: string } }).cause?.code
      const read = request.method === 'GET' || request.method === 'HEAD'
      if (read && !timeout.aborted && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET')) return send()
      throw error
    })
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const why = timeout.aborted
      ? `no answer within ${request.timeoutMs ?? 30_000} ms`
      : (cause?.code ?? cause?.message ?? (error as Error).message)
    throw new Error(`${request.method} ${request.path}: cannot reach ${serverUrl} (${why})`)
  }
  return readAnswer(response, started)
}

/** The request's headers (ours, then the step's: null removes one) and its body: raw, form or JSON. */
export function headersAndBody(request: HttpRequest): {
  headers: Record<string, string>
  body: string | undefined
} {
  const headers: Record<string, string> = {
    'x-fanspole-client': DEFAULT_CLIENT_ID,
    accept: 'application/json',
  }
  if (request.token) headers.authorization = `Bearer ${request.token}`
  let body: string | undefined
  if (request.raw !== undefined) {
    body = request.raw
    headers['content-type'] = 'application/json'
  } else if (request.form !== undefined) {
    const form = new URLSearchParams()
    for (const [key, value] of Object.entries(request.form))
      form.append(key, typeof value === 'string' ? value : JSON.stringify(value))
    body = form.toString()
    headers['content-type'] = 'application/x-www-form-urlencoded'
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body)
    headers['content-type'] = 'application/json'
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === null) delete headers[name.toLowerCase()]
    else headers[name.toLowerCase()] = String(value)
  }
  return { headers, body }
}

/** The answer as a step sees it: status, headers by lower-case name, the body parsed when it is JSON. */
async function readAnswer(response: Response, started: number): Promise<HttpAnswer> {
  const text = await response.text()
  let parsed: unknown = text
  if (text !== '' && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(text)
    } catch {
      // Keep the text: a broken JSON answer is itself worth showing to the tester.
    }
  }
  const out: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    out[name.toLowerCase()] = value
  })
  return {
    status: response.status,
    headers: out,
    body: text === '' ? null : parsed,
    duration_ms: Math.round(performance.now() - started),
  }
}
