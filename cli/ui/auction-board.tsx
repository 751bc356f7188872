import { Box, Text, useApp, useInput } from 'ink'
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { AuctionBoardState } from '../lib/auction-board-state'
import { connectionText, type Store } from '../lib/live-store'

/** Seconds left on the lot, from its end on the server clock; ticks locally between events. */
function useCountdown(state: AuctionBoardState): number | null {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [])
  const { lot } = state
  if (lot.paused) return lot.remaining_millis === null ? null : Math.ceil(lot.remaining_millis / 1000)
  if (lot.ends_at_in_millis === null) return null
  return Math.max(0, Math.ceil((lot.ends_at_in_millis - (now + state.offsetMs)) / 1000))
}

export function AuctionView({ state }: { state: AuctionBoardState }) {
  const { auction, lot, managers } = state
  const left = useCountdown(state)
  const high = lot.player_bids[0]
  const bar = left === null ? '' : '█'.repeat(Math.min(30, left)).padEnd(30, '·')
  return (
    <Box flexDirection="column" paddingX={1}>
      <Box justifyContent="space-between" width={64}>
        <Text bold>{auction.name}</Text>
        <Text color={auction.phase === 'open' ? 'green' : 'yellow'} bold>
          {auction.status.toUpperCase()}
        </Text>
      </Box>
      <Text
        dimColor
      >{`${auction.sold_count}/${auction.players_count} sold · ${auction.unsold_count} unsold · squads ${auction.squad_min}–${auction.squad_max}`}</Text>
      <Box flexDirection="column" marginY={1} borderStyle="round" paddingX={1} width={64}>
        {lot.bidding_player ? (
          <>
            <Text bold>
              {`${lot.bidding_player.is_star ? '★ ' : ''}${lot.bidding_player.display_name}`}
              <Text
                dimColor
              >{`  ${lot.bidding_player.style_label} · ${lot.bidding_player.team_name_attr} · base ${lot.bidding_player.base_price}`}</Text>
            </Text>
            <Text>
              {high ? `High bid ${high.amount} — ${high.franchise_name}` : 'No bids yet'}
              <Text dimColor>{`   next ${lot.next_bid_amount}`}</Text>
            </Text>
            <Text
              color={left !== null && left <= 3 ? 'red' : 'green'}
            >{`${bar} ${left ?? '-'} s${lot.paused ? ' (paused)' : ''}`}</Text>
          </>
        ) : (
          <Text dimColor>No player on the block.</Text>
        )}
      </Box>
      <Text bold>{`${'FRANCHISE'.padEnd(26)}${'PLAYERS'.padStart(8)}${'PURSE'.padStart(10)}`}</Text>
      {managers.map((m) => (
        <Text key={m.id} color={high?.manager_id === m.id ? 'cyan' : undefined}>
          {`${`${m.franchise_name}${m.is_bot ? ' (bot)' : ''}`.padEnd(26)}${String(m.players_count).padStart(8)}${String(m.purse_remaining).padStart(10)}`}
        </Text>
      ))}
      <Box flexDirection="column" marginTop={1}>
        {state.log.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a rolling log of plain lines
          <Text key={i} dimColor={i < state.log.length - 1}>
            {line}
          </Text>
        ))}
      </Box>
      <Text dimColor>{`${connectionText(state.connection)} · q to quit`}</Text>
    </Box>
  )
}

export function AuctionBoard({ store }: { store: Store<AuctionBoardState> }) {
  const state = useSyncExternalStore(store.subscribe, store.get)
  const { exit } = useApp()
  useInput((input) => {
    if (input === 'q') exit()
  })
  return <AuctionView state={state} />
}
