import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { type Auction, groupsQuery } from './api'
import styles from './auctions.module.css'
import { CardSection, PHASE_PAGE, StatusChip } from './bits'

const SECTIONS = [
  { key: 'live', title: 'Live now' },
  { key: 'waiting', title: 'Waiting to start' },
  { key: 'completed', title: 'Completed' },
  { key: 'open_to_join', title: 'Open to join' },
] as const

/** `/auctions`: my auctions by stage, and public ones still taking managers. */
export function AuctionsPage() {
  const groups = useQuery(groupsQuery)
  const all = groups.data ? SECTIONS.flatMap((s) => groups.data[s.key]) : []
  return (
    <div data-testid="auctions-page">
      <PageHead
        title="Auctions"
        subtitle="Bid for cricketers with friends, franchise against franchise."
        actions={
          <div className={styles.headActions}>
            <ButtonLink to="/auction/tournaments" variant="secondary" small data-testid="tournaments-link">
              Tournaments
            </ButtonLink>
            <ButtonLink to="/auctions/join" variant="secondary" small data-testid="join-auction">
              Join with code
            </ButtonLink>
            <ButtonLink to="/auctions/create" small data-testid="create-auction">
              Create
            </ButtonLink>
          </div>
        }
      />
      {groups.isPending ? <Loading /> : null}
      {groups.isError ? <Alert>{groups.error.message}</Alert> : null}
      {groups.data && all.length === 0 ? (
        <EmptyState title="No auctions yet">
          <p>Create one for your friends, or join theirs with the invite code they sent you.</p>
          <ButtonLink to="/auctions/create" small>
            Create an auction
          </ButtonLink>
        </EmptyState>
      ) : null}
      {groups.data
        ? SECTIONS.map(({ key, title }) => (
            <CardSection key={key} title={title} testId={`auctions-${key}`}>
              {groups.data[key].map((a) => (
                <AuctionCard key={a.id} auction={a} toJoin={key === 'open_to_join'} />
              ))}
            </CardSection>
          ))
        : null}
    </div>
  )
}

function AuctionCard({ auction: a, toJoin }: { auction: Auction; toJoin: boolean }) {
  const to =
    a.kind === 'tournament'
      ? `/auction/tournaments/${a.id}/bidding`
      : toJoin
        ? `/auctions/join?id=${a.id}`
        : `/auctions/${a.id}/${PHASE_PAGE[a.phase]}`
  return (
    <Link to={to} className={styles.auctionCard} data-testid="auction-card" data-auction-id={a.id}>
      <div className={styles.cardHead}>
        <strong>{a.name}</strong>
        <StatusChip auction={a} />
      </div>
      <div className={styles.cardFacts}>
        <span>
          <em>Purse</em>
          {formatNumber(a.purse)}
        </span>
        <span>
          <em>Squad</em>
          {a.squad_min}–{a.squad_max}
        </span>
        <span>
          <em>Managers</em>
          {a.managers_count}
          {a.pending_managers_count > 0 ? ` (+${a.pending_managers_count})` : ''}
        </span>
        <span>
          <em>Sold</em>
          {a.sold_count}/{a.players_count}
        </span>
      </div>
      {a.current_manager ? (
        <p className={styles.cardMine}>
          You: {a.current_manager.franchise_name}
          {a.current_manager.status === 'pending' ? ' · waiting for approval' : ''}
          {a.is_owner ? ' · owner' : ''}
        </p>
      ) : a.is_owner ? (
        <p className={styles.cardMine}>You run this auction</p>
      ) : null}
    </Link>
  )
}
