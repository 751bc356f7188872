import { useQuery } from '@tanstack/react-query'
import { ButtonLink } from '../../components/Button'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { useAuction } from './AuctionLayout'
import { type AssignedBid, assignedBidsQuery, secondaryBidsQuery } from './api'
import styles from './auctions.module.css'
import { ClosingCountdown, Swatch } from './bits'
import { type RememberedBid, rememberedBids } from './sealed-memory'

/**
 * `/auctions/:id/secondary-bids`: my sealed bids — the running round's from the server, the
 * closed rounds' as this browser kept them — and, once a round has closed, how each ended
 * (from the sales in GET /bids).
 */
export function SecondaryBidsPage() {
  usePageTitle('My bids', 'Auction')
  const { auction, me, managerById } = useAuction()
  const sealed = auction.phase === 'sealed'
  const current = useQuery({ ...secondaryBidsQuery(auction.id), enabled: sealed && Boolean(me) })
  const sales = useQuery(assignedBidsQuery(auction.id))
  const closed = rememberedBids(auction.id).filter((b) => !sealed || b.round < auction.round)
  if (!me) return <EmptyState title="You have no franchise in this auction" />
  return (
    <div className={styles.stack} data-testid="secondary-bids-page">
      {sealed ? (
        <section className={styles.roundBox}>
          <strong>Sealed round {auction.round}: your bids</strong>
          <ClosingCountdown closesAtMs={current.data?.closes_at_in_millis ?? null} />
          {current.isPending ? <Loading /> : null}
          {current.isError ? <Alert>{current.error.message}</Alert> : null}
          {current.data?.secondary_bids.length === 0 ? (
            <p className={styles.muted}>No bids yet in this round.</p>
          ) : null}
          <ul className={styles.bidList} data-testid="current-sealed-bids">
            {current.data?.secondary_bids.map((b) => (
              <li key={b.player_id} data-testid="sealed-bid" data-player-id={b.player_id}>
                <span>{b.player?.display_name ?? `Player ${b.player_id}`}</span>
                <strong>{formatNumber(b.bid_amount)}</strong>
              </li>
            ))}
          </ul>
          <ButtonLink to={`/auctions/${auction.id}/secondary-bidding`} small variant="secondary">
            Bid on more players
          </ButtonLink>
        </section>
      ) : null}
      <h2 className={styles.sectionTitle}>Closed rounds</h2>
      {sales.isError ? <Alert>{sales.error.message}</Alert> : null}
      {closed.length === 0 ? (
        <p className={styles.muted}>
          {auction.round === 0
            ? 'No sealed round has run yet.'
            : 'No sealed bids from this browser in closed rounds.'}
        </p>
      ) : null}
      <ul className={styles.bidList} data-testid="closed-sealed-bids">
        {closed.map((b) => (
          <Outcome
            key={`${b.round}:${b.player_id}`}
            bid={b}
            sales={sales.data}
            mineId={me.id}
            managerName={(id) => managerById(id)}
          />
        ))}
      </ul>
    </div>
  )
}

function Outcome({
  bid,
  sales,
  mineId,
  managerName,
}: {
  bid: RememberedBid
  /** Every sale so far; undefined while loading. */
  sales: AssignedBid[] | undefined
  mineId: number
  managerName: (id: number) => { franchise_name: string; color_hex: string | null } | undefined
}) {
  const sale = sales?.find((s) => s.player?.id === bid.player_id)
  const won = sale?.manager_id === mineId
  const buyer = sale?.manager_id ? managerName(sale.manager_id) : undefined
  return (
    <li data-testid="sealed-outcome" data-player-id={bid.player_id} data-won={sales ? won : undefined}>
      <span>
        {bid.name} <em className={styles.muted}>round {bid.round}</em>
      </span>
      <strong>{formatNumber(bid.bid_amount)}</strong>
      <span className={won ? styles.won : styles.lost}>
        {!sales ? (
          'Checking..'
        ) : won ? (
          `Won at ${formatNumber(sale?.amount ?? 0)}`
        ) : sale ? (
          <>
            <Swatch hex={buyer?.color_hex} size={10} /> {buyer?.franchise_name ?? sale.franchise_name} at{' '}
            {formatNumber(sale.amount ?? 0)}
          </>
        ) : (
          'Not assigned'
        )}
      </span>
    </li>
  )
}
