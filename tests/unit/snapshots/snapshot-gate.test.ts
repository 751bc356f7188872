import { describe, expect, it } from 'vitest'
import { snapshotGate } from '../../../web/src/lib/use-channel'

type M = { type: string; seq?: number }
const m = (seq?: number): M => ({ type: 'event', seq })

describe('snapshotGate (web client, docs/channels.md "Snapshots and seq")', () => {
  it('holds broadcasts until the snapshot, then hands back only those it does not hold', () => {
    const gate = snapshotGate<M>()
    expect(gate.receive('match', m(4))).toBeNull()
    expect(gate.receive('match', m(5))).toBeNull()
    expect(gate.receive('match', m(6))).toBeNull()
    expect(gate.snapshot({ match: 5 }).map((x) => x.seq)).toEqual([6])
    expect(gate.receive('match', m(7))).toBe('apply')
  })

  it('drops repeats, flags gaps, and keeps streams apart', () => {
    const gate = snapshotGate<M>()
    gate.snapshot({ contest: 2, user: 0 })
    expect(gate.receive('contest', m(2))).toBe('drop')
    expect(gate.receive('contest', m(3))).toBe('apply')
    expect(gate.receive('user', m(1))).toBe('apply')
    expect(gate.receive('contest', m(6))).toBe('gap')
    expect(gate.receive('contest', m(7))).toBe('apply')
    expect(gate.receive('user', m(2))).toBe('apply')
  })

  it('lets messages without a seq through, and closes again when the connection drops', () => {
    const gate = snapshotGate<M>()
    expect(gate.receive('contest', m())).toBe('apply')
    gate.snapshot({ match: 9 })
    gate.close()
    // Reconnected to a restarted server, which counts from 0 again: held until its snapshot.
    expect(gate.receive('match', m(1))).toBeNull()
    expect(gate.snapshot({ match: 0 }).map((x) => x.seq)).toEqual([1])
    expect(gate.receive('match', m(2))).toBe('apply')
  })
})
