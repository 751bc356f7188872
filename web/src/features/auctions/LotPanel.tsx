import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { onDataColour } from '../../components/readable-on'
import { TimeAgo } from '../../components/TimeAgo'
import { formatNumber } from '../../lib/format'
import { useAuction } from './AuctionLayout'
import { bidPlayer } from './actions'
import type { Auction, Lot, Manager } from './api'
import styles from './bidding.module.css'
import { LotCountdown, quietLine, Swatch } from './bits'
import { storeLot } from './live'

/** The player on the block, the countdown, the high bid, the Bid button and the bids so far. */
export function LotPanel() {
  const { auction, lot: query, me, managerById } = useAuction()
  const lot = query.data
  if (!lot?.bidding_player)
    return (
      <section className={styles.lot} data-testid="lot-empty">
        <p className={styles.waiting}>Bringing up the next player..</p>
      </section>
    )
  const player = lot.bidding_player
  const high = lot.player_bids[0] ?? null
  const highBy = managerById(high?.manager_id)
  return (
    <section className={styles.lot} data-testid="lot" data-player-id={player.id} data-seq={lot.seq}>
      <div className={styles.lotPlayer}>
        <span className={styles.teamTag} style={onDataColour(player.team_color)}>
          {player.team_name_attr ?? '..'}
        </span>
        <div>
          <h2 data-testid="lot-player">
            {player.display_name ?? 'Next player..'}
            {player.is_star ? (
              <span className={styles.star} title="Star player">
                ★
              </span>
            ) : null}
          </h2>
          <p>
            {player.style_label ?? ''} · Base price{' '}
            <strong className={styles.basePrice} data-testid="base-price">
              {formatNumber(player.base_price)}
            </strong>
          </p>
        </div>
      </div>
      <LotCountdown lot={lot} lotMs={auction.lot_seconds * 1000} />
      <div className={styles.highBid} data-testid="high-bid" data-manager-id={high?.manager_id ?? ''}>
        {high ? (
          <>
            <em>High bid</em>
            <strong data-testid="high-bid-amount">{formatNumber(high.amount)}</strong>
            <span className={styles.bidder} data-testid="high-bidder">
              <Swatch hex={highBy?.color_hex} />
              {highBy?.franchise_name ?? high.franchise_name ?? 'A franchise'}
            </span>
          </>
        ) : (
          <em>No bids yet: the first bid is the base price</em>
        )}
      </div>
      <BidButton auction={auction} lot={lot} me={me} />
      <BidHistory lot={lot} managerById={managerById} />
    </section>
  )
}

/** Why I may not bid right now, or null. The server checks the rest (balance, stars) and says why. */
function bidBlock(auction: Auction, lot: Lot, me: Manager | null): string | null {
  if (!me) return 'You have no franchise in this auction'
  if (me.status !== 'approved') return 'The owner has not approved your franchise'
  if (lot.paused)
    return (
      quietLine({ ...auction, paused_until_in_millis: lot.paused_until_in_millis }) ?? 'Paused by the owner'
    )
  if (lot.player_bids[0]?.manager_id === me.id) return 'You have the highest bid'
  if (me.players_count >= auction.squad_max) return 'Your squad is full'
  const next = lot.next_bid_amount
  if (next !== null && lot.max_bid_amount !== null && next > lot.max_bid_amount)
    return `Your purse allows bids up to ${formatNumber(lot.max_bid_amount)} (the rest completes your squad)`
  return null
}

function BidButton({ auction, lot, me }: { auction: Auction; lot: Lot; me: Manager | null }) {
  const client = useQueryClient()
  const bid = useMutation({
    mutationFn: ({ playerId, amount }: { playerId: number; amount: number }) =>
      bidPlayer(auction.id, playerId, amount),
    onSuccess: (fresh) => storeLot(client, auction.id, fresh),
  })
  const reason = bidBlock(auction, lot, me)
  const next = lot.next_bid_amount
  const player = lot.bidding_player
  const blocked = Boolean(reason) || next === null || !player || bid.isPending
  const place = () => {
    if (!blocked && player && next !== null) bid.mutate({ playerId: player.id, amount: next })
  }
  useBidShortcut(place)
  return (
    <div className={styles.bidBox}>
      {/* aria-disabled, not disabled: the button keeps the keyboard's focus after a bid. */}
      <button
        type="button"
        className={styles.bidButton}
        aria-disabled={blocked}
        aria-busy={bid.isPending || undefined}
        aria-describedby={reason ? 'bid-reason' : undefined}
        aria-keyshortcuts="B"
        onClick={place}
        data-testid="bid-button"
      >
        <span>Bid</span>
        <strong data-testid="next-bid-amount">{next === null ? '—' : formatNumber(next)}</strong>
      </button>
      {reason ? (
        <p className={styles.reason} id="bid-reason" data-testid="bid-reason">
          {reason}
        </p>
      ) : null}
      <p className={styles.keys} data-testid="bid-keys">
        Keyboard: press <kbd>B</kbd> to bid, or Tab to the Bid button and press Enter or Space.
      </p>
    </div>
  )
}

/** B bids from anywhere on the page, except while typing in a field or with a modifier held. */
function useBidShortcut(place: () => void) {
  const latest = useRef(place)
  latest.current = place
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'b' && e.key !== 'B') return
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat) return
      const t = e.target as HTMLElement | null
      if (t?.closest('input, textarea, select, [contenteditable="true"]')) return
      e.preventDefault()
      latest.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}

function BidHistory({ lot, managerById }: { lot: Lot; managerById: (id: number) => Manager | undefined }) {
  if (lot.player_bids.length === 0) return null
  return (
    <ol className={styles.history} data-testid="bid-history" aria-label="Bids on this player">
      {lot.player_bids.slice(0, 8).map((b) => {
        const m = managerById(b.manager_id)
        return (
          <li key={`${b.manager_id}:${b.amount}`} data-testid="bid-row" data-manager-id={b.manager_id}>
            <Swatch hex={m?.color_hex} />
            <span className={styles.historyName}>
              {b.stand_in ? 'Bid by stand-in for ' : ''}
              {m?.franchise_name ?? b.franchise_name ?? 'A franchise'}
            </span>
            <strong>{formatNumber(b.amount)}</strong>
            <TimeAgo atMs={b.at_in_millis} />
          </li>
        )
      })}
    </ol>
  )
}
