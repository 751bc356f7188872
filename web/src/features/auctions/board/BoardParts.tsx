import { Link } from 'react-router'
import styles from '../../../components/projector.module.css'
import { formatNumber } from '../../../lib/format'
import type { Auction, Franchise, Lot, Manager } from '../api'
import { LotCountdown, Swatch } from '../bits'
import type { BoardNames } from './names'

/** What the board says instead of a lot, in each phase without one. */
const NO_LOT: Record<Auction['phase'], string> = {
  waiting: 'Scan the code to join: the bidding starts soon',
  open: 'Bringing up the next player…',
  between: 'The open round is over',
  sealed: 'A sealed round is running: hidden bids on the unsold players',
  completed: 'The auction is over',
}

/** The player on the block, the price, the leader and the timer, in type for the back of the room. */
export function LotBlock({
  auction,
  lot,
  names,
}: {
  auction: Auction
  lot: Lot | undefined
  names: BoardNames
}) {
  const player = auction.phase === 'open' ? lot?.bidding_player : null
  if (!lot || !player)
    return (
      <section className={styles.lot} data-testid="board-no-lot">
        <p className={styles.notice}>{NO_LOT[auction.phase]}</p>
        {auction.phase === 'completed' ? (
          <Link
            className={styles.counts}
            to={`/auctions/${auction.id}/debrief`}
            data-testid="board-debrief-link"
          >
            The debrief: every bid replayed, with the charts
          </Link>
        ) : null}
      </section>
    )
  const high = lot.player_bids[0] ?? null
  return (
    <section className={styles.lot} data-testid="board-lot" data-player-id={player.id}>
      <div className={styles.player}>
        <h2 data-testid="board-player">
          {player.display_name ?? 'Next player…'}
          {player.is_star ? <span title="Star player"> ★</span> : null}
        </h2>
        <p>
          <span data-testid="board-role">{player.style_label ?? ''}</span>
          {player.team_name_attr ? ` · ${player.team_name_attr}` : ''} · Base{' '}
          <strong data-testid="board-base">{formatNumber(player.base_price)}</strong>
        </p>
      </div>
      <div className={styles.price}>
        <em>{high ? 'Price' : 'Opening bid'}</em>
        <strong className={styles.priceAmount} data-testid="board-price">
          {formatNumber(high ? high.amount : player.base_price)}
        </strong>
        <span className={styles.leader} data-testid="board-leader" data-manager-id={high?.manager_id ?? ''}>
          {high ? (
            <>
              <Swatch hex={names.colour(high.manager_id)} size={22} />
              {names.bidder(high)}
            </>
          ) : (
            'No bids yet'
          )}
        </span>
      </div>
      <div className={styles.timer}>
        <LotCountdown lot={lot} lotMs={auction.lot_seconds * 1000} />
      </div>
    </section>
  )
}

/** The lot's last bids, newest first. */
export function LastBids({ lot, names, max = 6 }: { lot: Lot | undefined; names: BoardNames; max?: number }) {
  const bids = lot?.bidding_player ? lot.player_bids.slice(0, max) : []
  return (
    <section className={styles.bids} data-testid="board-bids">
      <h2>Last bids</h2>
      {bids.length === 0 ? (
        <p className={styles.muted}>None on this lot yet</p>
      ) : (
        <ol>
          {bids.map((b) => (
            <li key={`${b.manager_id}-${b.amount}`} data-testid="board-bid">
              <span className={styles.bidder}>
                <Swatch hex={names.colour(b.manager_id)} size={18} />
                {b.stand_in ? 'Stand-in for ' : ''}
                {names.bidder(b)}
              </span>
              <strong className={styles.amount}>{formatNumber(b.amount)}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** Every franchise: purse left, squad size and the players bought so far (most expensive first). */
export function Franchises({
  auction,
  managers,
  squads,
  names,
  wide = false,
}: {
  auction: Auction
  managers: Manager[]
  squads: Franchise[] | undefined
  names: BoardNames
  /** Many franchises: columns across the board's width, a squad on one line. */
  wide?: boolean
}) {
  if (managers.length === 0)
    return (
      <section className={styles.franchises} data-testid="board-franchises">
        <p className={styles.muted}>Nobody has joined yet</p>
      </section>
    )
  const ordered = [...managers].sort((a, b) => a.id - b.id)
  return (
    <section className={styles.franchises} data-testid="board-franchises" data-wide={wide}>
      <ul>
        {ordered.map((m) => {
          const squad = [...(squads?.find((f) => f.id === m.id)?.players ?? [])].sort(
            (a, b) => b.price - a.price,
          )
          return (
            <li key={m.id} data-testid="board-franchise" data-manager-id={m.id}>
              <div className={styles.franchiseHead}>
                <Swatch hex={names.colour(m.id)} size={18} />
                <strong className={styles.name} data-testid="board-franchise-name">
                  {names.name(m.id)}
                </strong>
                <span className={styles.purse} data-testid="board-purse">
                  {formatNumber(m.purse_remaining)}
                </span>
                <span className={styles.muted}>
                  {m.players_count}/{auction.squad_max}
                </span>
              </div>
              {squad.length > 0 ? (
                <p className={styles.squad} data-testid="board-squad">
                  {squad.map((p) => p.display_name ?? `#${p.id}`).join(', ')}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
