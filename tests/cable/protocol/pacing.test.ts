import { afterEach, describe, expect, it } from 'vitest'
import type WebSocket from 'ws'
import { issueTokenPair } from '../../../server/areas/auth'
import { Connection, FRAMES_PER_TURN } from '../../../server/cable/connection'
import { StreamHub } from '../../../server/cable/streams'
import { tokenBatcher } from '../../../server/cable/token-batch'
import type { ChannelDefinition } from '../../../server/cable/types'
import { makeUser, type TestWorld, testWorld } from '../../helpers/deps'

let world: TestWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

/** A socket that keeps what the server sends it. */
function fakeSocket() {
  const sent: string[] = []
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    send: (frame: string | Buffer) => sent.push(String(frame)),
    close: () => {},
    terminate: () => {},
    // The connection listens to its socket itself (message, close, error); this one never speaks.
    on: () => {},
  }
  return { socket: socket as unknown as WebSocket, sent }
}

describe('Connection: frames waiting behind one another', () => {
  it(`runs up to ${FRAMES_PER_TURN} in a row, then lets the event loop take a turn; in order`, async () => {
    world = await testWorld()
    const { deps, wall } = world
    const user = await makeUser(deps)
    const pair = await issueTokenPair(deps.db, { userId: user.id, clientId: 'web' }, deps.config, wall.now())

    // Turns of the event loop, counted by a setImmediate chain; each `tick` notes the turn it ran in.
    let turn = 0
    let counting = true
    const count = () => {
      turn++
      if (counting) setImmediate(count)
    }
    const order: number[] = []
    const ranIn: number[] = []
    const tracked: ChannelDefinition = {
      name: 'TickChannel',
      subscribed: () => {},
      actions: {
        tick: (_ctx, data) => {
          order.push(Number(data.n))
          ranIn.push(turn)
        },
      },
    }
    const { socket, sent } = fakeSocket()
    const connection = new Connection(
      socket,
      {
        deps,
        hub: new StreamHub(deps.bus),
        channels: new Map([['TickChannel', tracked]]),
        onWelcome: () => {},
        onClose: () => {},
        onDone: () => {},
        resolveToken: tokenBatcher(deps),
      },
      pair.access_token,
    )
    const identifier = JSON.stringify({ channel: 'TickChannel' })
    while (!sent.some((f) => f.includes('confirm_subscription'))) {
      if (sent.some((f) => f.includes('welcome')) && sent.length === 1)
        connection.receive(JSON.stringify({ command: 'subscribe', identifier }))
      await new Promise((r) => setImmediate(r))
    }

    const frames = 2 * FRAMES_PER_TURN + 1
    setImmediate(count)
    for (let n = 0; n < frames; n++)
      connection.receive(
        JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action: 'tick', n }) }),
      )
    while (order.length < frames) await new Promise((r) => setImmediate(r))
    counting = false

    expect(order).toEqual(Array.from({ length: frames }, (_, n) => n))
    // The first FRAMES_PER_TURN in one turn (one per turn would have spread them over as many).
    expect(new Set(ranIn.slice(0, FRAMES_PER_TURN)).size).toBe(1)
    // A burst still yields: the frames after them ran in later turns.
    expect(ranIn[FRAMES_PER_TURN]).toBeGreaterThan(ranIn[0] as number)
    expect(ranIn.at(-1)).toBeGreaterThan(ranIn[FRAMES_PER_TURN] as number)
    connection.handleClose()
    await connection.done
  })
})
