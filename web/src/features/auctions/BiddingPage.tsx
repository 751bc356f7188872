import { ButtonLink } from '../../components/Button'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { useAuction } from './AuctionLayout'
import type { Manager } from './api'
import styles from './auctions.module.css'
import bid from './bidding.module.css'
import { Swatch } from './bits'
import { LotPanel } from './LotPanel'
import { RunControls, StartSealedRound } from './OwnerControls'
import { RoomAnnouncer } from './RoomAnnouncer'

/** `/auctions/:id/bidding`: the live lot, its bids, my purse and every franchise's, the owner's controls. */
export function BiddingPage() {
  usePageTitle('Auction room')
  const { auction, lot, managers, me } = useAuction()
  const franchises = managers.filter((m) => m.status === 'approved')
  return (
    <div className={styles.stack} data-testid="bidding-page">
      <RoomAnnouncer />
      {auction.is_owner ? <RunControls auction={auction} /> : null}
      {auction.phase === 'waiting' ? (
        <EmptyState title="Not started yet">
          <p>The bidding opens when the owner starts the auction.</p>
          <ButtonLink to={`/auctions/${auction.id}/waiting-room`} small>
            Waiting room
          </ButtonLink>
        </EmptyState>
      ) : null}
      {auction.phase === 'between' || auction.phase === 'sealed' ? <RoundOver /> : null}
      {auction.phase === 'completed' ? (
        <EmptyState title="The auction is over">
          <ButtonLink to={`/auctions/${auction.id}/players`} small>
            See who went where
          </ButtonLink>
        </EmptyState>
      ) : null}
      {auction.phase === 'open' ? (
        lot.isPending ? (
          <Loading />
        ) : lot.isError ? (
          <Alert>{lot.error.message}</Alert>
        ) : (
          <LotPanel />
        )
      ) : null}
      {me?.status === 'approved' ? <MyPanel me={me} /> : null}
      <FranchiseTable franchises={franchises} mineId={me?.id ?? null} />
    </div>
  )
}

function RoundOver() {
  const { auction } = useAuction()
  return (
    <div className={styles.roundOver} data-testid="round-over">
      <strong>{auction.phase === 'sealed' ? 'A sealed round is running' : 'The open round is over'}</strong>
      <span>
        {auction.sold_count} sold, {auction.unsold_count} unsold.{' '}
        {auction.phase === 'sealed'
          ? 'Place hidden bids on the unsold players.'
          : auction.is_owner
            ? 'Start a sealed round for the unsold players, or end the auction.'
            : 'The owner may start a sealed round for the unsold players.'}
      </span>
      {auction.is_owner ? <StartSealedRound auction={auction} /> : null}
      <ButtonLink to={`/auctions/${auction.id}/secondary-bidding`} small variant="secondary">
        Sealed round
      </ButtonLink>
    </div>
  )
}

function MyPanel({ me }: { me: Manager }) {
  const { auction, lot } = useAuction()
  const max = lot.data?.max_bid_amount
  return (
    <section className={bid.myPanel} data-testid="my-panel">
      <div>
        <em>Purse left</em>
        <strong data-testid="my-purse">{formatNumber(me.purse_remaining)}</strong>
      </div>
      <div>
        <em>Squad</em>
        <strong data-testid="my-squad">
          {me.players_count}/{auction.squad_max}
        </strong>
      </div>
      <div>
        <em>Max bid</em>
        <strong>{max === null || max === undefined ? '—' : formatNumber(max)}</strong>
      </div>
      <div>
        <em>Spent</em>
        <strong>{formatNumber(me.spent)}</strong>
      </div>
    </section>
  )
}

function FranchiseTable({ franchises, mineId }: { franchises: Manager[]; mineId: number | null }) {
  const { auction, lot } = useAuction()
  const highId = lot.data?.player_bids[0]?.manager_id ?? null
  return (
    <section className={bid.franchises} data-testid="franchises">
      <h2 className={bid.franchisesTitle}>Franchises</h2>
      <div className={bid.franchiseHead} aria-hidden="true">
        <span>Franchise</span>
        <span>Purse</span>
        <span>Squad</span>
      </div>
      <ul>
        {franchises.map((m) => (
          <li
            key={m.id}
            className={bid.franchiseRow}
            data-testid="franchise-row"
            data-manager-id={m.id}
            data-mine={m.id === mineId}
            data-high={m.id === highId}
          >
            <span className={bid.franchiseName}>
              <Swatch hex={m.color_hex} />
              <strong>{m.franchise_name}</strong>
              {m.is_bot ? <em>bot</em> : null}
              {m.autopilot ? (
                <em title="Away: a bot is bidding for this manager until they come back">autopilot</em>
              ) : null}
              {m.id === mineId ? <em>you</em> : null}
            </span>
            <span data-testid="franchise-purse">{formatNumber(m.purse_remaining)}</span>
            <span data-testid="franchise-squad">
              {m.players_count}/{auction.squad_max}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
