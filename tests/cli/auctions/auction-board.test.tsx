import { describe, expect, it } from 'vitest'
import type { AuctionBoardState } from '../../../cli/lib/auction-board-state'
import { inkViews, tick } from '../ink-views'

const views = inkViews(() => import('../../../cli/ui/auction-board'))

function board(over: Partial<AuctionBoardState['lot']> = {}): AuctionBoardState {
  const now = Date.now()
  return {
    // Only the fields the board draws.
    auction: {
      id: 3,
      name: 'Friday night',
      code: null,
      status: 'open',
      phase: 'open',
      round: 0,
      purse: 2000,
      squad_min: 3,
      squad_max: 5,
      lot_seconds: 15,
      players_count: 35,
      sold_count: 4,
      unsold_count: 1,
      managers_count: 2,
      pending_managers_count: 0,
      is_owner: false,
      current_manager: null,
    } as AuctionBoardState['auction'],
    lot: {
      bidding_player: {
        id: 9,
        display_name: 'J. Palmer',
        style_label: 'BAT/AL',
        is_star: true,
        team_name_attr: 'MUM',
        base_price: 200,
      },
      player_bids: [
        { manager_id: 2, franchise_name: 'Bob XI', color: 'red', amount: 240, at_in_millis: now },
      ],
      next_bid_amount: 260,
      ends_at_in_millis: now + 7_000,
      server_time_in_millis: now,
      remaining_millis: 7_000,
      paused_until_in_millis: null,
      paused_note: null,
      max_bid_amount: 1800,
      current_user_last_bid: null,
      seq: 1,
      paused: false,
      phase: 'open',
      ...over,
    },
    managers: [
      {
        id: 1,
        franchise_name: 'Owner XI',
        color: 'blue',
        status: 'approved',
        purse_remaining: 2000,
        players_count: 2,
        is_bot: false,
      },
      {
        id: 2,
        franchise_name: 'Robo Royals 1',
        color: 'red',
        status: 'approved',
        purse_remaining: 1500,
        players_count: 2,
        is_bot: true,
      },
    ] as AuctionBoardState['managers'],
    offsetMs: 0,
    log: ['Robo Royals 1 bids 220', 'Bob XI bids 240'],
    connection: { kind: 'live' },
  }
}

describe('the auction board', () => {
  it('shows the lot, the high bid, the server-clock countdown, purses and the event log', async () => {
    const view = views.ink.render(<views.ui.AuctionView state={board()} />)
    await tick()
    const frame = view.lastFrame() ?? ''
    expect(frame).toContain('Friday night')
    expect(frame).toContain('★ J. Palmer')
    expect(frame).toContain('High bid 240 — Bob XI')
    expect(frame).toContain('next 260')
    expect(frame).toMatch(/[67] s/)
    expect(frame).toMatch(/Robo Royals 1 \(bot\)\s+2\s+1500/)
    expect(frame).toContain('Bob XI bids 240')
    expect(frame).toContain('live · q to quit')
    view.unmount()
  })

  it('freezes the countdown while paused and says so', async () => {
    const view = views.ink.render(
      <views.ui.AuctionView
        state={board({ paused: true, remaining_millis: 4_000, ends_at_in_millis: Date.now() - 60_000 })}
      />,
    )
    await tick()
    expect(view.lastFrame()).toContain('4 s (paused)')
    view.unmount()
  })
})
