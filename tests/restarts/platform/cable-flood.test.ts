import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { player, type RestartWorld, restartWorld } from '../helpers'

let world: RestartWorld | undefined
const sockets: WebSocket[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate()
  await world?.close()
  world = undefined
})

interface Frame {
  type?: string
  identifier?: string
}

/** A raw /cable socket, welcomed, with every frame it receives (pings left out) in order. */
async function socket(
  w: RestartWorld,
  token: string,
  name: string,
  log: Array<{ from: string; frame: Frame }>,
) {
  const ws = new WebSocket(`${w.server.url.replace(/^http/, 'ws')}/cable?access_token=${token}`, [
    'actioncable-v1-json',
  ])
  sockets.push(ws)
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame
      if (frame.type === 'ping') return
      if (frame.type === 'welcome') resolve()
      else log.push({ from: name, frame })
    })
    ws.on('error', reject)
  })
  return ws
}

const subscribe = (identifier: string) => JSON.stringify({ command: 'subscribe', identifier })
/** Identifiers that differ only in spacing are distinct subscriptions to the same channel. */
const spaced = (i: number) => `{"channel":"NotificationsChannel"${' '.repeat(i)}}`

describe('/cable under one connection subscribing 2,000 times', () => {
  it('caps its subscriptions and answers other sockets while it works through the burst', async () => {
    world = await restartWorld('rst_cable', { admin: true })
    const w = world
    const flooder = await player(w, 'flood_rst')
    const other = await player(w, 'other_rst')
    const log: Array<{ from: string; frame: Frame }> = []
    const a = await socket(w, flooder.token, 'flood', log)
    const b = await socket(w, other.token, 'other', log)

    const burst = Array.from({ length: 2000 }, (_, i) => subscribe(spaced(i)))
    for (const frame of burst) a.send(frame)
    // The other socket asks for its own subscription once the burst is under way.
    const started = Date.now()
    while (!log.some((l) => l.from === 'flood')) {
      if (Date.now() - started > 10_000) throw new Error('no answer to the burst')
      await new Promise((r) => setTimeout(r, 1))
    }
    b.send(subscribe('{"channel":"NotificationsChannel"}'))

    const deadline = Date.now() + 30_000
    const answers = () =>
      log.filter((l) => l.from === 'flood' && l.frame.type !== undefined && l.frame.type !== 'unread')
    while (
      answers().length < 2000 ||
      !log.some((l) => l.from === 'other' && l.frame.type === 'confirm_subscription')
    ) {
      if (Date.now() > deadline) throw new Error(`only ${answers().length} answers to the burst`)
      await new Promise((r) => setTimeout(r, 20))
    }
    // The default limit: 100 subscriptions a connection, the rest refused.
    const kinds = answers().map((l) => l.frame.type)
    expect(kinds.filter((k) => k === 'confirm_subscription')).toHaveLength(100)
    expect(kinds.filter((k) => k === 'reject_subscription')).toHaveLength(1900)
    expect(
      answers()
        .slice(0, 100)
        .every((l) => l.frame.type === 'confirm_subscription'),
    ).toBe(true)
    // The other socket did not wait for the whole burst.
    const order = log.filter(
      (l) => l.frame.type === 'confirm_subscription' || l.frame.type === 'reject_subscription',
    )
    const otherAt = order.findIndex((l) => l.from === 'other')
    const lastFlood = order.findLastIndex((l) => l.from === 'flood')
    expect(otherAt).toBeLessThan(lastFlood)
  })
})
