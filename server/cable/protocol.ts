/**
 * The Action Cable wire format (`actioncable-v1-json`), as the official `@rails/actioncable`
 * client and AnyCable clients expect it. Frames are built as strings here so every sender
 * emits exactly the same bytes, with Rails' key order.
 */

/** Subprotocols we speak. The Rails client offers `["actioncable-v1-json", "actioncable-unsupported"]`. */
export const SUPPORTED_PROTOCOLS: ReadonlySet<string> = new Set(['actioncable-v1-json'])

/**
 * ws `handleProtocols`: the first of the client's offers that we support, in the client's
 * order (as Rails' websocket-driver does); `false` sends no header. A client that offers no
 * subprotocol never reaches this and is spoken to normally.
 */
export function selectProtocol(offered: Set<string>): string | false {
  for (const protocol of offered) if (SUPPORTED_PROTOCOLS.has(protocol)) return protocol
  return false
}

/** `maintenance`: the database is being replaced (a snapshot restore, a league reset). */
export type DisconnectReason = 'unauthorized' | 'server_restart' | 'remote' | 'too_slow' | 'maintenance'

export const frames = {
  welcome: () => '{"type":"welcome"}',
  ping: (unixSeconds: number) => `{"type":"ping","message":${Math.floor(unixSeconds)}}`,
  confirm: (identifier: string) =>
    `{"identifier":${JSON.stringify(identifier)},"type":"confirm_subscription"}`,
  reject: (identifier: string) => `{"identifier":${JSON.stringify(identifier)},"type":"reject_subscription"}`,
  /** `reconnect` is always explicit: a missing one reads as false and stops the Rails client for good. */
  disconnect: (reason: DisconnectReason, reconnect: boolean) =>
    `{"type":"disconnect","reason":"${reason}","reconnect":${reconnect}}`,
  /** A data frame around an already JSON-encoded message, so a broadcast is encoded once. */
  data: (identifier: string, messageJson: string) =>
    `{"identifier":${JSON.stringify(identifier)},"message":${messageJson}}`,
}

export type Command =
  | { command: 'subscribe'; identifier: string }
  | { command: 'unsubscribe'; identifier: string }
  | { command: 'message'; identifier: string; data: unknown }

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string }

/** One client frame → a command, or why it is ignored (the connection stays open either way). */
export function parseCommand(text: string): Parsed<Command> {
  const parsed = parseObject(text, 'invalid JSON', 'not a JSON object')
  if (!parsed.ok) return parsed
  const frame = parsed.value
  const { command, identifier } = frame
  if (command !== 'subscribe' && command !== 'unsubscribe' && command !== 'message')
    return { ok: false, problem: `unrecognized command ${JSON.stringify(command)}` }
  if (typeof identifier !== 'string') return { ok: false, problem: 'identifier must be a string' }
  if (command === 'message') return { ok: true, value: { command, identifier, data: frame.data } }
  return { ok: true, value: { command, identifier } }
}

/**
 * `{"channel":"X",...params}` encoded as a string. The raw string stays the subscription's
 * key and is echoed byte for byte; it is parsed only to route.
 */
export function parseIdentifier(
  identifier: string,
): Parsed<{ channel: string; params: Record<string, unknown> }> {
  const parsed = parseObject(identifier, 'identifier is not JSON', 'identifier is not a JSON object')
  if (!parsed.ok) return parsed
  const { channel, ...params } = parsed.value
  if (typeof channel !== 'string' || channel === '')
    return { ok: false, problem: 'identifier has no channel name' }
  return { ok: true, value: { channel, params } }
}

/**
 * The `data` of a `message` command is itself a JSON string holding an object; its `action`
 * names the channel action and defaults to `receive`, as `subscription.send(obj)` relies on.
 */
export function parseActionData(data: unknown): Parsed<{ action: string; data: Record<string, unknown> }> {
  if (typeof data !== 'string') return { ok: false, problem: 'data must be a string' }
  const parsed = parseObject(data, 'data is not JSON', 'data is not a JSON object')
  if (!parsed.ok) return parsed
  const value = parsed.value
  const action = typeof value.action === 'string' && value.action !== '' ? value.action : 'receive'
  return { ok: true, value: { action, data: value } }
}

/** JSON text holding an object, or the problem to report when it is not JSON or not an object. */
function parseObject(text: string, notJson: string, notObject: string): Parsed<Record<string, unknown>> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, problem: notJson }
  }
  if (!isPlainObject(value)) return { ok: false, problem: notObject }
  return { ok: true, value }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
