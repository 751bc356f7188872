import { describe, expect, it } from 'vitest'
import type { BusMessage } from '../../../server/lib/bus'
import { eventually } from '../../helpers/cable'
import { TEST_DIALECT } from '../../helpers/db'
import { makeUser } from '../../helpers/deps'
import { client } from '../../helpers/http'
import { twoNodesForTests } from '../../helpers/two-nodes'

// The server's log (GET /api/admin/log, lib/tap.ts) across two server processes on one
// PostgreSQL: an admin listening on B sees what A answers and broadcasts, and A stops
// recording once B's listener has gone.
describe.skipIf(TEST_DIALECT !== 'postgres')("the server's log across two nodes", () => {
  const nodes = twoNodesForTests()

  it("hears on B the requests and broadcasts of A, and A stops when B's listener goes", async () => {
    const heard: BusMessage[] = []
    const tapB = nodes.b.deps.tap
    const tapA = nodes.a.deps.tap
    expect(tapA?.active()).toBe(false)
    const stop = tapB?.listen({ bodies: false }, (m) => heard.push(m))
    // A learns through the bus that someone listens.
    await eventually(() => tapA?.active() === true, 5000, 'A to hear of the listener on B')
    const apiA = client(nodes.a.deps)
    const user = await makeUser(nodes.a.deps)
    const admin = await apiA.admin()
    const token = (await apiA.login(user.email, user.password)).access_token
    await apiA.get('/api/me', token)
    await apiA.post('/api/admin/notifications', { user_id: user.id, body: 'From A' }, admin.token)
    await eventually(
      () =>
        heard.some((m) => m.type === 'request' && m.path === '/api/me' && m.user_email === user.email) &&
        heard.some((m) => m.type === 'broadcast' && m.stream === `notifications:user:${user.id}`),
      5000,
      "A's request and broadcast on B",
    )
    stop?.()
    await eventually(() => tapA?.active() === false, 5000, 'A to hear that the listener left')
  })
})
