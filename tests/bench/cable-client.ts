import WebSocket, { type ClientOptions } from 'ws'

/** What a loader reads of an Action Cable frame: its type, and the channel's message if any. */
export interface CableFrame<M> {
  type?: string
  message?: M
}

export interface SubscribeOptions<M> {
  timeoutMs: number
  /** Options for the socket itself (the chat loader turns off deflate and UTF-8 checks). */
  socket?: ClientOptions
  /**
   * Sees each frame's text first, and whether the subscription is confirmed yet; true means it
   * was dealt with and is not parsed. Loaders count their hot frames from a scan of the text:
   * their own CPU would otherwise show up as the server's latency.
   */
  scan?: (text: string, confirmed: boolean) => boolean
  /** The message of every frame that was parsed. */
  onMessage?: (message: M) => void
}

/**
 * Connects to a server's `/cable` as `token` and subscribes to `identifier`: resolves with the
 * socket once the subscription is confirmed, rejects if it is refused or takes too long.
 */
export function subscribeCable<M>(
  url: string,
  token: string,
  identifier: string,
  options: SubscribeOptions<M>,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `${url.replace(/^http/, 'ws')}/cable?access_token=${token}`,
      ['actioncable-v1-json'],
      options.socket,
    )
    const timer = setTimeout(() => reject(new Error('subscribe timed out')), options.timeoutMs)
    let confirmed = false
    ws.on('message', (data) => {
      const text = String(data)
      if (options.scan?.(text, confirmed)) return
      const frame = JSON.parse(text) as CableFrame<M>
      if (frame.type === 'welcome') ws.send(JSON.stringify({ command: 'subscribe', identifier }))
      if (frame.type === 'confirm_subscription') {
        confirmed = true
        clearTimeout(timer)
        resolve(ws)
      }
      if (frame.type === 'reject_subscription') reject(new Error('subscription rejected'))
      if (frame.message) options.onMessage?.(frame.message)
    })
    ws.on('error', reject)
  })
}
