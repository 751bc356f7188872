import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { withTx } from '../../../server/db/tx'
import type { BusMessage } from '../../../server/lib/bus'
import type { PostgresBus } from '../../../server/lib/pg-bus-protocol'
import { eventually } from '../../helpers/cable'
import { TEST_DIALECT } from '../../helpers/db'
import type { TestWorld } from '../../helpers/deps'
import { twoNodesForTests } from '../../helpers/two-nodes'

// Two server processes' worth of deps on one PostgreSQL database, in one test process: each
// has its own pool and its own LISTEN connection, as two `fanspole serve` would
// (docs/architecture.md, "Several processes"). The separate-process suite is tests/cluster.
describe.skipIf(TEST_DIALECT !== 'postgres')('the shared bus (two nodes, one PostgreSQL)', () => {
  const nodes = twoNodesForTests()
  const busOf = (w: TestWorld) => w.deps.bus as PostgresBus

  const follow = (w: TestWorld, stream: string) => {
    const heard: BusMessage[] = []
    const stop = w.deps.bus.subscribe(stream, (m) => heard.push(m))
    return { heard, stop }
  }

  it('delivers what either node publishes to both, once, in the same order, with the same seq', async () => {
    const stream = 'notifications:user:1'
    const onA = follow(nodes.a, stream)
    const onB = follow(nodes.b, stream)
    const publishes: Promise<unknown>[] = []
    for (let i = 0; i < 40; i++) {
      const node = i % 2 === 0 ? nodes.a : nodes.b
      if (i % 4 < 2) node.deps.bus.publish(stream, { type: 'notification', i })
      else
        publishes.push(withTx(node.deps, async (_tx, after) => after.publish(stream, { type: 'wallet', i })))
    }
    await Promise.all(publishes)
    await eventually(() => onA.heard.length >= 40 && onB.heard.length >= 40, 5000, 'both nodes hear all 40')
    expect(onA.heard.map((m) => m.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    expect(onB.heard).toEqual(onA.heard)
    expect(new Set(onA.heard.map((m) => m.i)).size).toBe(40)
    expect(await nodes.b.deps.bus.lastSeq(stream)).toBe(40)
    onA.stop()
    onB.stop()
  })

  it('keeps a source’s own seq (an auction’s engine seq) on every node', async () => {
    const stream = 'auction:99'
    const onB = follow(nodes.b, stream)
    await withTx(nodes.a.deps, async (_tx, after) => {
      after.publish(stream, { type: 'bid', seq: 57 })
      after.publish(stream, { type: 'bid', seq: 58 })
    })
    await eventually(() => onB.heard.length === 2, 5000, 'two bids on B')
    expect(onB.heard.map((m) => [m.type, m.seq])).toEqual([
      ['bid', 57],
      ['bid', 58],
    ])
    onB.stop()
  })

  it('sends nothing for a transaction that rolls back', async () => {
    const stream = 'match:5'
    const onB = follow(nodes.b, stream)
    await expect(
      withTx(nodes.a.deps, async (_tx, after) => {
        after.publish(stream, { type: 'status', n: 1 })
        throw new Error('undone')
      }),
    ).rejects.toThrow('undone')
    nodes.a.deps.bus.publish(stream, { type: 'status', n: 2 })
    await eventually(() => onB.heard.length === 1, 5000, 'the second message')
    expect(onB.heard).toEqual([{ type: 'status', n: 2, seq: 1 }])
    onB.stop()
  })

  it('carries a body larger than the NOTIFY limit through the table', async () => {
    const stream = 'contest:7'
    const onB = follow(nodes.b, stream)
    const padding = 'x'.repeat(20_000)
    nodes.a.deps.bus.publish(stream, { type: 'leaderboard', padding })
    nodes.a.deps.bus.publish(stream, { type: 'leaderboard', small: true })
    await eventually(() => onB.heard.length === 2, 5000, 'both messages on B')
    expect(onB.heard[0]).toEqual({ type: 'leaderboard', padding, seq: 1 })
    expect(onB.heard[1]).toEqual({ type: 'leaderboard', small: true, seq: 2 })
    onB.stop()
  })

  it('reconnects a killed LISTEN connection and delivers what was published meanwhile, in order', async () => {
    const stream = 'clock-test:1'
    const onB = follow(nodes.b, stream)
    for (let i = 1; i <= 5; i++) nodes.a.deps.bus.publish(stream, { type: 'tick', i })
    await eventually(() => onB.heard.length === 5, 5000, 'the first five')
    const before = busOf(nodes.b).connections()
    const pid = busOf(nodes.b).listenerPid()
    expect(pid).toBeTypeOf('number')
    // Twenty messages committed just after B's LISTEN connection is ended (the test role is not
    // a superuser: it may end sessions of its own role) and before B can be back (it waits
    // 50 ms): their notifications are lost, and B must read them from the table on reconnect.
    await nodes.a.deps.db.transaction().execute(async (tx) => {
      const messages = Array.from({ length: 20 }, (_, k) => ({ stream, message: { type: 'tick', i: k + 6 } }))
      await busOf(nodes.a).stage?.(tx, messages)
      await sql`select pg_terminate_backend(${pid}::int)`.execute(nodes.a.deps.db)
    })
    expect(busOf(nodes.b).connections()).toBe(before)
    await eventually(() => busOf(nodes.b).connections() > before, 5000, 'B listening again')
    await eventually(() => onB.heard.length >= 25, 5000, 'the twenty missed ones')
    for (let i = 26; i <= 30; i++) nodes.a.deps.bus.publish(stream, { type: 'tick', i })
    await eventually(() => onB.heard.length >= 30, 5000, 'all thirty on B')
    expect(onB.heard.map((m) => m.i)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    expect(onB.heard.map((m) => m.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    onB.stop()
  })

  it('tells subscribers to refetch when the missed messages are gone from the table', async () => {
    const stream = 'match:77'
    const onB = follow(nodes.b, stream)
    nodes.a.deps.bus.publish(stream, { type: 'status', n: 1 })
    await eventually(() => onB.heard.length === 1, 5000, 'the first message')
    // Too big to travel inline, and its row gone before anyone could read it (as pruning would).
    await nodes.a.deps.db.transaction().execute(async (tx) => {
      await busOf(nodes.a).stage?.(tx, [{ stream, message: { type: 'status', padding: 'y'.repeat(10_000) } }])
      await tx.deleteFrom('bus_messages').where('stream', '=', stream).where('seq', '=', 2).execute()
    })
    nodes.a.deps.bus.publish(stream, { type: 'status', n: 3 })
    await eventually(() => onB.heard.length === 3, 5000, 'the refetch and the third message')
    expect(onB.heard.map((m) => [m.type, m.seq])).toEqual([
      ['status', 1],
      ['refetch', 2],
      ['status', 3],
    ])
    onB.stop()
  })

  it('prunes messages older than the retention window', async () => {
    await withTx(nodes.a.deps, async (_tx, after) => after.publish('old:1', { type: 'x' }))
    const count = async () =>
      Number(
        (
          await nodes.a.deps.db
            .selectFrom('bus_messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('stream', '=', 'old:1')
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await count()).toBe(1)
    nodes.a.wall.advance(16 * 60_000)
    await busOf(nodes.a).prune()
    expect(await count()).toBe(0)
  })
})
