import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ButtonLink } from '../../components/Button'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatNumber } from '../../lib/format'
import { usePageTitle } from '../../lib/page-title'
import { showSnackbar } from '../../lib/snackbar'
import { useAuction } from './AuctionLayout'
import { placeSealedBid } from './actions'
import { type AuctionPlayer, playersQuery, type SecondaryBid, secondaryBidsQuery } from './api'
import styles from './auctions.module.css'
import { ClosingCountdown } from './bits'
import { CloseSealedRound, RunControls, StartSealedRound } from './OwnerControls'
import { PlayerLine } from './PlayerLine'
import { MyBid, SealedBidForm } from './SealedBidForm'
import { rememberBids } from './sealed-memory'

/** The dearest first; the lower id breaks a tie. */
const byPrice = (a: { base_price: number; id: number }, b: typeof a) =>
  b.base_price - a.base_price || a.id - b.id

/**
 * `/auctions/:id/secondary-bidding`: the sealed round. Every unsold player takes one hidden
 * bid per franchise (at least the base price; a new one replaces the old); when the round
 * closes each goes to the highest bid that still fits its franchise's purse and squad.
 */
export function SecondaryBiddingPage() {
  const { auction, me } = useAuction()
  usePageTitle('Second round', auction.name)
  const sealed = auction.phase === 'sealed'
  const players = useQuery(playersQuery(auction.id))
  const bids = useQuery({ ...secondaryBidsQuery(auction.id), enabled: sealed && Boolean(me) })
  useEffect(() => {
    if (sealed && bids.data) rememberBids(auction.id, auction.round, bids.data.secondary_bids)
  }, [sealed, bids.data, auction.id, auction.round])
  const unsold = (players.data ?? []).filter((p) => p.status === 'unsold').sort(byPrice)
  const canBid = sealed && me?.status === 'approved' && !auction.paused
  return (
    <div className={styles.stack} data-testid="secondary-bidding-page">
      {auction.is_owner ? <RunControls auction={auction} /> : null}
      <section className={styles.roundBox} data-testid="sealed-round" data-phase={auction.phase}>
        {sealed ? (
          <>
            <strong>Sealed round {auction.round}</strong>
            <span>
              {auction.paused ? (
                'Paused by the owner'
              ) : (
                <ClosingCountdown closesAtMs={bids.data?.closes_at_in_millis ?? null} />
              )}
            </span>
            <p className={styles.muted}>
              Bids are hidden until the round closes. Each player goes to the highest bid that still fits.
            </p>
          </>
        ) : auction.phase === 'between' ? (
          <>
            <strong>No sealed round running</strong>
            <p className={styles.muted}>
              {auction.is_owner
                ? 'Start one for the unsold players, or end the auction.'
                : 'The owner may start one for the unsold players.'}
            </p>
          </>
        ) : auction.phase === 'completed' ? (
          <strong>The auction is over</strong>
        ) : (
          <strong>Sealed rounds come after the open round</strong>
        )}
        {auction.is_owner ? <StartSealedRound auction={auction} /> : null}
        {auction.is_owner ? <CloseSealedRound auction={auction} /> : null}
      </section>
      {auction.phase === 'completed' ? (
        <ButtonLink to={`/auctions/${auction.id}/players?status=sold`} small>
          See the squads
        </ButtonLink>
      ) : null}
      <h2 className={styles.sectionTitle}>Unsold players</h2>
      {players.isPending ? <Loading /> : null}
      {players.isError ? <Alert>{players.error.message}</Alert> : null}
      {players.data && unsold.length === 0 ? <EmptyState title="No unsold players" /> : null}
      <ul className={styles.playerList} data-testid="unsold-list">
        {unsold.map((p) => (
          <SealedRow
            key={p.id}
            player={p}
            auctionId={auction.id}
            mine={bids.data?.secondary_bids.find((b) => b.player_id === p.id) ?? null}
            canBid={Boolean(canBid)}
          />
        ))}
      </ul>
    </div>
  )
}

function SealedRow({
  player: p,
  auctionId,
  mine,
  canBid,
}: {
  player: AuctionPlayer
  auctionId: number
  mine: SecondaryBid | null
  canBid: boolean
}) {
  const client = useQueryClient()
  const place = useMutation({
    mutationFn: (value: number) => placeSealedBid(auctionId, p.id, value),
    onSuccess: () => {
      showSnackbar(`Sealed bid on ${p.display_name} placed`, 'info')
      void client.invalidateQueries({ queryKey: secondaryBidsQuery(auctionId).queryKey })
    },
  })
  return (
    <li className={styles.sealedRow} data-testid="sealed-row" data-player-id={p.id}>
      <div className={styles.playerRow}>
        <PlayerLine player={p} detail={<>base {formatNumber(p.base_price)}</>} />
        {mine ? <MyBid amount={mine.bid_amount} testId="my-sealed-bid" /> : null}
      </div>
      <SealedBidForm
        player={p}
        hasBid={mine !== null}
        open={canBid}
        place={place}
        label="Sealed bid for"
        testIds={{ input: 'sealed-input', submit: 'sealed-submit' }}
      />
    </li>
  )
}
