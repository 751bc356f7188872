import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import ui from '../../components/ui.module.css'
import { formatDateTime, formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { showSnackbar } from '../../lib/snackbar'
import styles from './auctions.module.css'
import bid from './bidding.module.css'
import { ClosingCountdown } from './bits'
import { PlayerLine } from './PlayerLine'
import { MyBid, SealedBidForm } from './SealedBidForm'
import scores from './scores.module.css'
import { useTournament } from './TournamentLayout'
import {
  type ActiveBid,
  type BidBlock,
  bidInTournament,
  TOURNAMENT_RULES,
  tournamentBiddingQuery,
  type UnsoldPlayer,
} from './tournament-api'

/**
 * `/auction/tournaments/:id/bidding`: my bid block (purse, max bid, slots and stars left, the
 * window's countdown), my bids in this window, and the unsold players, each with a bid box.
 * Bids stay hidden until the window closes; then every one is executed together.
 */
export function TournamentBiddingPage() {
  usePageTitle('Bidding', 'Auction tournament')
  const { tournament: t } = useTournament()
  const view = useQuery(tournamentBiddingQuery(t.id))
  const [search, setSearch] = useState('')
  const [role, setRole] = useState('')
  if (view.isPending) return <Loading />
  if (view.isError) return <Alert>{view.error.message}</Alert>
  const { manager, unsold_players: unsold } = view.data
  const open = t.phase === 'sealed' && !t.paused
  const roles = [...new Set(unsold.map((p) => p.style_label))].filter(Boolean).sort()
  const needle = search.trim().toLowerCase()
  const shown = unsold
    .filter((p) => (role ? p.style_label === role : true))
    .filter((p) => (needle ? p.display_name.toLowerCase().includes(needle) : true))
    .sort((a, b) => b.base_price - a.base_price || a.id - b.id)
  const bidOf = (playerId: number) => manager?.active_bids_info.find((b) => b.player_id === playerId) ?? null
  return (
    <div className={styles.stack} data-testid="tournament-bidding-page">
      <WindowBox phase={t.phase} managers={t.managers_count} block={manager?.bid_block ?? null} />
      {manager ? <BlockPanel block={manager.bid_block} /> : null}
      {manager ? <ActiveBids bids={manager.active_bids_info} /> : null}
      <h2 className={styles.sectionTitle}>
        {t.phase === 'waiting' ? 'Players' : 'Unsold players'} ({unsold.length})
      </h2>
      <div className={scores.toolbar}>
        <input
          className={ui.input}
          type="search"
          placeholder="Search players"
          aria-label="Search players"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="player-search"
        />
        <select
          className={ui.input}
          aria-label="Role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
          data-testid="role-filter"
        >
          <option value="">Every role</option>
          {roles.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      {unsold.length > 0 && shown.length === 0 ? <EmptyState title="No player matches" /> : null}
      {unsold.length === 0 && t.phase !== 'waiting' ? (
        <EmptyState title="Every player has been bought" />
      ) : null}
      <ul className={styles.playerList} data-testid="tournament-unsold">
        {shown.map((p) => (
          <UnsoldRow
            key={p.id}
            tournamentId={t.id}
            player={p}
            mine={bidOf(p.id)}
            canBid={open && manager !== null}
          />
        ))}
      </ul>
    </div>
  )
}

function WindowBox({ phase, managers, block }: { phase: string; managers: number; block: BidBlock | null }) {
  return (
    <section className={styles.roundBox} data-testid="tournament-window" data-phase={phase}>
      {phase === 'waiting' ? (
        <>
          <strong>Waiting for managers</strong>
          <span className={styles.muted}>
            The first window opens when the {TOURNAMENT_RULES.startsAt}th manager joins ({managers}/
            {TOURNAMENT_RULES.startsAt}).
          </span>
        </>
      ) : phase === 'completed' ? (
        <strong>The tournament is over</strong>
      ) : phase === 'sealed' ? (
        <>
          <strong>Bidding window open</strong>
          <ClosingCountdown closesAtMs={block?.window_closes_at_in_millis ?? null} />
          <span className={styles.muted}>
            Bids are hidden until the window closes; then each player goes to the highest bid that fits.
          </span>
        </>
      ) : (
        <strong>The next window opens shortly</strong>
      )}
    </section>
  )
}

function BlockPanel({ block }: { block: BidBlock }) {
  return (
    <section className={bid.myPanel} data-testid="bid-block">
      <div>
        <em>Purse</em>
        <strong data-testid="block-purse">{formatNumber(block.purse_remaining)}</strong>
      </div>
      <div>
        <em>Max bid</em>
        <strong data-testid="block-max-bid">{formatNumber(block.max_bid)}</strong>
      </div>
      <div>
        <em>Slots</em>
        <strong data-testid="block-slots">{block.slots_left}</strong>
      </div>
      <div>
        <em>Stars</em>
        <strong data-testid="block-stars">{block.stars_left}</strong>
      </div>
    </section>
  )
}

function ActiveBids({ bids }: { bids: ActiveBid[] }) {
  return (
    <section className={styles.stack}>
      <h2 className={styles.sectionTitle}>My bids in this window</h2>
      {bids.length === 0 ? <p className={styles.muted}>No bids yet in this window.</p> : null}
      <ul className={styles.bidList} data-testid="active-bids">
        {bids.map((b) => (
          <li key={b.player_id} data-testid="active-bid" data-player-id={b.player_id}>
            <span>{b.player?.display_name ?? `Player ${b.player_id}`}</span>
            <strong>{formatNumber(b.bid_amount)}</strong>
          </li>
        ))}
      </ul>
    </section>
  )
}

function UnsoldRow({
  tournamentId,
  player: p,
  mine,
  canBid,
}: {
  tournamentId: number
  player: UnsoldPlayer
  mine: ActiveBid | null
  canBid: boolean
}) {
  const client = useQueryClient()
  const place = useMutation({
    mutationFn: (value: number) => bidInTournament(tournamentId, p.id, value),
    onSuccess: (manager) => {
      showSnackbar(`Bid on ${p.display_name} placed`, 'info')
      client.setQueryData(tournamentBiddingQuery(tournamentId).queryKey, (view) =>
        view ? { ...view, manager } : view,
      )
      void client.invalidateQueries({ queryKey: ['tournament', tournamentId] })
    },
  })
  const locked = p.locked_until_in_millis
  return (
    <li
      className={styles.sealedRow}
      data-testid="tournament-player"
      data-player-id={p.id}
      data-locked={locked !== null}
    >
      <div className={styles.playerRow}>
        <PlayerLine player={p} detail={`base ${formatNumber(p.base_price)}`} />
        {mine ? <MyBid amount={mine.bid_amount} testId="my-tournament-bid" /> : null}
        {locked !== null ? (
          <span className={scores.locked} data-testid="locked-until">
            Locked until {formatDateTime(locked)}
          </span>
        ) : null}
      </div>
      <SealedBidForm
        player={p}
        hasBid={mine !== null}
        open={canBid && locked === null}
        place={place}
        label="Bid for"
        testIds={{ input: 'tournament-bid-input', submit: 'tournament-bid-submit' }}
      />
    </li>
  )
}
