import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { EmptyState, Loading, Tabs } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { useAuction } from './AuctionLayout'
import { type AuctionPlayer, playersQuery } from './api'
import styles from './auctions.module.css'
import { Swatch } from './bits'
import { PlayerLine } from './PlayerLine'

type Filter = 'upcoming' | 'sold' | 'unsold'
const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'sold', label: 'Sold' },
  { value: 'unsold', label: 'Unsold' },
]

const EMPTY: Record<Filter, string> = {
  upcoming: 'Nobody left to come up',
  sold: 'Nobody sold yet',
  unsold: 'No unsold players',
}

/** How each tab is ordered: the lot order, the dearest sale first, the dearest base price first. */
const ORDER: Record<Filter, (a: AuctionPlayer, b: AuctionPlayer) => number> = {
  upcoming: (a, b) =>
    a.status === 'bidding'
      ? -1
      : b.status === 'bidding'
        ? 1
        : (a.lot_position ?? 1e9) - (b.lot_position ?? 1e9),
  sold: (a, b) => (b.price ?? 0) - (a.price ?? 0),
  unsold: (a, b) => b.base_price - a.base_price || a.id - b.id,
}

/** `/auctions/:id/players`: every player, upcoming / sold / unsold, with the price and the buyer. */
export function PlayersPage() {
  usePageTitle('Players', 'Auction')
  const { auction, managerById } = useAuction()
  const [search, setSearch] = useSearchParams()
  const fallback: Filter = auction.phase === 'waiting' || auction.phase === 'open' ? 'upcoming' : 'sold'
  const filter = FILTERS.find((f) => f.value === search.get('status'))?.value ?? fallback
  const players = useQuery(playersQuery(auction.id))
  const shown = (players.data ?? [])
    .filter((p) =>
      filter === 'upcoming' ? p.status === 'upcoming' || p.status === 'bidding' : p.status === filter,
    )
    .sort(ORDER[filter])
  const count = (f: Filter) =>
    (players.data ?? []).filter((p) =>
      f === 'upcoming' ? p.status === 'upcoming' || p.status === 'bidding' : p.status === f,
    ).length
  return (
    <div data-testid="players-page">
      <Tabs
        label="Players"
        items={FILTERS.map((f) => ({
          value: f.value,
          label: players.data ? `${f.label} (${count(f.value)})` : f.label,
        }))}
        value={filter}
        onChange={(value) => setSearch({ status: value }, { replace: true })}
      />
      {players.isPending ? <Loading /> : null}
      {players.isError ? <Alert>{players.error.message}</Alert> : null}
      {players.data && shown.length === 0 ? <EmptyState title={EMPTY[filter]} /> : null}
      <ul className={styles.playerList} data-testid="player-list">
        {shown.map((p) => {
          const buyer = managerById(p.manager_id)
          return (
            <li
              key={p.id}
              className={styles.playerRow}
              data-testid="player-row"
              data-player-id={p.id}
              data-status={p.status}
            >
              <PlayerLine player={p} detail={<>base {formatNumber(p.base_price)}</>} />
              {p.status === 'sold' ? (
                <span className={styles.sale} data-testid="sale">
                  <strong>{formatNumber(p.price ?? 0)}</strong>
                  <span>
                    <Swatch hex={buyer?.color_hex} size={10} /> {buyer?.franchise_name ?? 'A franchise'}
                  </span>
                </span>
              ) : p.status === 'bidding' ? (
                <span className={styles.onBlock}>On the block</span>
              ) : p.status === 'upcoming' && p.lot_position !== null ? (
                <span className={styles.muted}>#{p.lot_position + 1}</span>
              ) : p.status === 'unsold' ? (
                <span className={styles.muted}>Unsold</span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
