import { randomUUID } from 'node:crypto'
import readline from 'node:readline'
import type { Api } from '../lib/api'
import type { Answer } from '../lib/api-types'
import { openFeed } from '../lib/cable'
import { ApiError, CliError } from '../lib/errors'
import { type ChatState, withFailure, withMessage, withPending } from '../lib/group-chat-state'
import { type Group, type GroupMessage, groupTitle, type MessagePage, messageLine } from '../lib/groups'
import type { Io } from '../lib/io'
import { createStore, type Store } from '../lib/live-store'

/**
 * `fanspole group chat`: GroupChannel into a conversation (docs/groups.md, "CLI"). Sends go
 * over POST /api/groups/{uuid}/messages with a fresh identifier_key; the sender's row shows
 * "Sending..." until the `message` broadcast with that key comes back (spec §4).
 */

export interface ChatOptions {
  history: number
  server?: string
  json: boolean
}

/** How long a confirmed POST waits for its echo before the answer itself stands in (a lost frame). */
const ECHO_GRACE_MS = 3000

// Long: one chat's lifetime; messages in and out share the store, the end promise, the read marker and
// the echo timers, and the finally closes them all: apart, each half would take all of them as arguments.
export async function runChat(io: Io, api: Api, uuid: string, opts: ChatOptions): Promise<void> {
  const { user } = await api.get<Answer<'/api/me'>>('/api/me')
  const { group } = await api.get<{ group: Group }>(`/api/groups/${uuid}`)
  const title = groupTitle(group, user.slug)
  const first = await latest(api, uuid, Math.max(1, opts.history))
  const plain = !(io.interactive && io.stdin.isTTY === true)
  const store = createStore<ChatState>({
    title,
    mySlug: user.slug,
    rows: [],
    notice: null,
    connection: { kind: 'connecting' },
    ended: null,
  })
  const print = (m: GroupMessage) => {
    if (!plain) return
    io.out(opts.json ? `${JSON.stringify(m)}\n` : `${messageLine(m)}\n`)
  }

  let end: (why: string | null) => void = () => {}
  const ended = new Promise<string | null>((resolve) => {
    end = (why) => {
      if (why !== null) store.set((s) => (s.ended === null ? { ...s, ended: why } : s))
      resolve(why)
    }
  })

  // --- messages in -----------------------------------------------------------------------
  const known = new Set<number>()
  let lastRead = 0
  let reading = Promise.resolve()
  const markRead = (id: number) => {
    if (id <= lastRead) return
    lastRead = id
    // In order, and a refusal (removed a moment ago) is not this view's business.
    reading = reading.then(() =>
      api.post(`/api/groups/${uuid}/read`, { message_id: id }).then(
        () => undefined,
        () => undefined,
      ),
    )
  }
  const merge = (m: GroupMessage) => {
    if (known.has(m.id)) return
    known.add(m.id)
    store.set((s) => withMessage(s, m))
    print(m)
    markRead(m.id)
  }
  const shown = opts.history === 0 ? [] : first.messages.slice(-opts.history)
  for (const m of shown) merge(m)
  for (const m of first.messages) known.add(m.id)
  const newest = first.messages.at(-1)
  if (newest) markRead(newest.id)

  let everLive = false
  let catchingUp = Promise.resolve()
  const feed = openFeed({
    server: api.server,
    token: userTokens(io, api),
    identifier: { channel: 'GroupChannel', group_uuid_id: uuid },
    onMessage: (message) => {
      if (message.type === 'message' || message.type === 'echo') {
        merge(message.message as GroupMessage)
      } else if (message.type === 'removed') {
        if (message.user_slug === user.slug) end(`You were removed from ${title}`)
        else store.set((s) => ({ ...s, notice: `${String(message.user_slug)} left ${title}` }))
      } else if (message.type === 'snapshot' && everLive) {
        // Back after a dropped connection: what was said meanwhile.
        catchingUp = catchingUp.then(async () => {
          try {
            for (const m of (await latest(api, uuid, 100)).messages) merge(m)
          } catch (error) {
            if (error instanceof ApiError && error.status === 404)
              end(`You are no longer a member of ${title}`)
          }
        })
      }
    },
    onState: (connection) => {
      store.set((s) => ({ ...s, connection }))
      if (connection.kind === 'live') {
        // On stderr, so stdout stays one line per message for whoever reads it.
        if (plain && !everLive) io.err(`Chatting in ${title} (live): each line you type is sent\n`)
        everLive = true
      }
      if (connection.kind === 'rejected')
        end(
          everLive
            ? `You are no longer a member of ${title}`
            : `The server refused the subscription to ${title}: you are not (or no longer) a member`,
        )
      else if (connection.kind === 'failed') end(`The live feed stopped: ${connection.why}`)
      else if (connection.kind === 'reconnecting' && plain) io.err(`reconnecting: ${connection.why}\n`)
    },
  })

  // --- messages out ----------------------------------------------------------------------
  let failures = 0
  const graceTimers = new Set<NodeJS.Timeout>()
  const isPending = (key: string) => store.get().rows.some((r) => r.pending?.identifier_key === key)
  const send = async (text: string): Promise<void> => {
    const trimmed = text.trim()
    if (trimmed === '') return
    const key = `cli-${randomUUID()}`
    store.set((s) => withPending(s, key, trimmed))
    try {
      const { message } = await api.post<{ message: GroupMessage }>(`/api/groups/${uuid}/messages`, {
        identifier_key: key,
        message: trimmed,
        message_type: 'text_message',
      })
      // The echo normally replaces the "Sending..." row; without a live feed it cannot come.
      if (store.get().connection.kind !== 'live') merge(message)
      else if (isPending(key)) {
        const timer = setTimeout(() => {
          graceTimers.delete(timer)
          merge(message)
        }, ECHO_GRACE_MS)
        graceTimers.add(timer)
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return end(`You were removed from ${title}`)
      failures++
      const why = error instanceof ApiError ? error.reason : (error as Error).message
      store.set((s) => withFailure(s, key, why))
      if (plain) io.err(`not sent (${why}): ${trimmed}\n`)
    }
  }

  try {
    const why = plain ? await plainChat(io, store, send, ended) : await inkChat(io, store, send, ended)
    if (why !== null) throw new CliError(why)
    if (failures > 0) throw new CliError(`${failures} message${failures === 1 ? ' was' : 's were'} not sent`)
  } finally {
    for (const timer of graceTimers) clearTimeout(timer)
    await feed.close()
    await catchingUp
    await reading
  }
}

async function latest(api: Api, uuid: string, perPage: number): Promise<MessagePage> {
  return api.get<MessagePage>(`/api/groups/${uuid}/messages?per_page=${perPage}`)
}

/** The signed-in player's access token for /cable (refreshed through the Api when it ran out). */
function userTokens(_io: Io, api: Api): () => Promise<string> {
  // The Api's own token: the stored session, or under `--as` the acting player's.
  return () => api.validToken()
}

/**
 * Not on a terminal: every line of stdin is sent, in order; when stdin ends, the chat ends
 * once every send has its echo (or was refused). Resolves with why it ended early, or null.
 */
async function plainChat(
  io: Io,
  store: Store<ChatState>,
  send: (text: string) => Promise<void>,
  ended: Promise<string | null>,
): Promise<string | null> {
  const lines = readline.createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY })
  const sending = (async () => {
    for await (const line of lines) {
      if (store.get().ended !== null) break
      await send(line)
    }
  })()
  const drained = sending.then(
    () =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (store.get().rows.every((r) => !r.pending || r.pending.error !== undefined)) {
            unsubscribe()
            resolve()
          }
        }
        const unsubscribe = store.subscribe(check)
        check()
      }),
  )
  // A quiet chat writes nothing: the reader of stdout going away is noticed all the same.
  const stopFollowing = io.followReader?.() ?? (() => {})
  const why = await Promise.race([ended, drained.then(() => null), io.stdoutClosed.then(() => null)])
  stopFollowing()
  lines.close()
  return why
}

async function inkChat(
  io: Io,
  store: Store<ChatState>,
  send: (text: string) => Promise<void>,
  ended: Promise<string | null>,
): Promise<string | null> {
  const [{ render }, { GroupChat }, React] = await Promise.all([
    import('ink'),
    import('./group-chat'),
    import('react'),
  ])
  const app = render(React.createElement(GroupChat, { store, onSend: (text: string) => void send(text) }), {
    stdout: io.stdout as NodeJS.WriteStream,
    stderr: io.stderr as NodeJS.WriteStream,
    stdin: io.stdin as NodeJS.ReadStream,
    patchConsole: false,
  })
  let why: string | null = null
  void ended.then((reason) => {
    why = reason
    // Leave the last frame (with the reason) on the screen, then give the terminal back.
    setTimeout(() => app.unmount(), 50)
  })
  await app.waitUntilExit()
  return why
}
