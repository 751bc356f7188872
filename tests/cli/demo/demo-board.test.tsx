import { describe, expect, it } from 'vitest'
import { lotSeconds } from '../../../cli/lib/demo/auction'
import { botsFor } from '../../../cli/lib/demo/fixtures'
import { fitToWidth, summaryLines } from '../../../cli/lib/demo/summary'
import { emptyState } from '../../../cli/lib/demo/types'
import { createStore } from '../../../cli/lib/live-store'
import { exits, runCli } from '../helpers'
import { inkViews, tick } from '../ink-views'

const views = inkViews(() => import('../../../cli/ui/demo-board'))

function livingState() {
  const state = emptyState(Date.UTC(2026, 10, 25, 6, 0))
  state.clock = { now_in_millis: Date.UTC(2026, 10, 25, 6, 30), speed: 20, paused: false }
  state.live = ['JAI vs HYD (cricket)  JAI 54/1 (6.2)']
  state.leaders = {
    contest: 'Guaranteed League, JAI vs HYD',
    rows: [{ rank: 1, name: 'Googly Bot 1 (bot)', points: 88.5 }],
  }
  state.auctions.push({
    id: 3,
    code: 'CP8JVSTY',
    name: 'Demo Auction 1',
    matchId: 9,
    startsAtMs: 0,
    status: 'open',
    phase: 'open',
    sold: 4,
    players: 35,
    spent: 1200,
    onTheBlock: 'A. Bose — 850 by Pixel Panthers 6',
    pending: [],
    approved: [],
  })
  state.money = { staked: 1618, paid: 250.5 }
  return state
}

describe('the demo summary', () => {
  it('says what is live, who leads, the auction and the money', () => {
    const lines = summaryLines(livingState())
    expect(lines[0]).toBe('game clock 06:30 UTC · 20×')
    expect(lines).toContain('live: JAI vs HYD (cricket)  JAI 54/1 (6.2)')
    expect(lines).toContain('leaders (Guaranteed League, JAI vs HYD): 1. Googly Bot 1 (bot) 88.5')
    expect(lines).toContain(
      'auction 3 (code CP8JVSTY): open, 4/35 sold, 1200 credits spent, on the block A. Bose — 850 by Pixel Panthers 6',
    )
    expect(lines).toContain('money: ₹1,618 staked for bots, ₹250.5 paid in prizes')
  })

  it('is drawn by Ink and follows the store', async () => {
    const store = createStore(livingState())
    const view = views.ink.render(
      <views.ui.DemoBoard banner={['Fanspole demo league (seed 42, clock 20×)']} store={store} />,
    )
    await tick()
    expect(view.lastFrame()).toContain('Fanspole demo league (seed 42, clock 20×)')
    expect(view.lastFrame()).toContain('JAI 54/1 (6.2)')
    store.set((s) => ({ ...s, live: ['JAI vs HYD (cricket)  JAI 60/1 (7.0)'] }))
    await tick()
    expect(view.lastFrame()).toContain('JAI 60/1 (7.0)')
    view.unmount()
  })
})

describe('the demo screen at 80 columns', () => {
  /** A busy afternoon: two live matches, a long leaders line, people in the auction. */
  function busyState() {
    const state = livingState()
    state.live = [
      'JAI vs HYD (cricket)  JAI 154/6 (18.2) · HYD 160/8 (20.0)',
      'DEL vs KOL (cricket)  DEL 54/1 (6.2)',
    ]
    state.leaders = {
      contest: 'Guaranteed League, JAI vs HYD',
      rows: [
        { rank: 1, name: 'Googly Bot 1 (bot)', points: 188.5 },
        { rank: 2, name: 'Cover Drive Bot 4 (bot)', points: 170 },
        { rank: 3, name: 'Doosra Bot 3 (bot)', points: 162 },
      ],
    }
    const auction = state.auctions[0] as (typeof state.auctions)[0]
    auction.approved = ['demo', 'asha']
    auction.pending = ['ravi']
    return state
  }

  it('gives each live match a line of its own and names the people in the auction', () => {
    const lines = summaryLines(busyState())
    expect(lines).toContain('live: JAI vs HYD (cricket)  JAI 154/6 (18.2) · HYD 160/8 (20.0)')
    expect(lines).toContain('      DEL vs KOL (cricket)  DEL 54/1 (6.2)')
    expect(lines).toContain('  people: demo, asha in; ravi waiting for approval')
  })

  it('fits every line into 78 columns (80 less the padding) without losing a word', () => {
    const lines = summaryLines(busyState())
    const fitted = fitToWidth(lines, 78)
    for (const line of fitted) expect(line.length).toBeLessThanOrEqual(78)
    const words = (text: string[]) => text.join(' ').split(/\s+/).filter(Boolean)
    expect(words(fitted)).toEqual(words(lines))
    // The rest of a broken line is indented under it.
    const leaders = fitted.findIndex((l) => l.startsWith('leaders'))
    expect(fitted[leaders + 1]).toMatch(/^ {2}\S/)
    // Lines that fit are left alone.
    expect(fitToWidth(['short line'], 78)).toEqual(['short line'])
  })

  it('the Ink view breaks a long line instead of cutting it', async () => {
    const store = createStore(busyState())
    const view = views.ink.render(<views.ui.DemoBoard banner={['banner']} store={store} />)
    await tick()
    // ink-testing-library draws at 100 columns: nothing of the 120-odd-column leaders line is cut.
    expect(view.lastFrame()).toContain('Doosra Bot 3 (bot) 162')
    expect(view.lastFrame()).toContain('people: demo, asha in; ravi waiting for approval')
    for (const line of (view.lastFrame() ?? '').split('\n')) expect(line.length).toBeLessThanOrEqual(100)
    view.unmount()
  })
})

describe('demo rules', () => {
  it('gives lots six real seconds within the API range', () => {
    expect(lotSeconds(1)).toBe(15)
    expect(lotSeconds(5)).toBe(30)
    expect(lotSeconds(20)).toBe(120)
  })

  it('fills small contests, seats a seeded handful in the guaranteed one and leaves the mega one', () => {
    expect(botsFor('head_to_head', 2, 42, 5)).toBe(2)
    expect(botsFor('small', 10, 42, 5)).toBe(10)
    expect(botsFor('mega', 1000, 42, 5)).toBe(0)
    const n = botsFor('guaranteed', 100, 42, 5)
    expect(n).toBeGreaterThanOrEqual(8)
    expect(n).toBeLessThanOrEqual(14)
    expect(botsFor('guaranteed', 100, 42, 5)).toBe(n)
    expect(botsFor('guaranteed', 3, 42, 5)).toBe(3)
  })
})

describe('fanspole demo: bad input', () => {
  it('refuses --data with --server (exit 2) before touching anything', async () => {
    const r = await runCli(['demo', '--server', 'http://127.0.0.1:9', '--data', '/tmp/x'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain(
      '--data, --port, --host and --admin-password are for a demo on a server of its own',
    )
  })

  it('refuses a speed of 0 or above the clock’s limit (exit 2)', async () => {
    expect((await runCli(['demo', '--speed', '0'])).stderr).toContain('--speed: must be above 0')
    const r = await runCli(['demo', '--speed', '20000'])
    exits(r, 2, '--speed: must be at most 10000')
  })

  it('says so when the server cannot be reached (exit 1)', async () => {
    const r = await runCli(['demo', '--server', 'http://127.0.0.1:9', '--yes'])
    exits(r, 1, 'Cannot reach the server at http://127.0.0.1:9')
  })
})
