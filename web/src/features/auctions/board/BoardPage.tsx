import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { Loading } from '../../../components/Common'
import { JoinQr } from '../../../components/JoinQr'
import { NotFoundPage } from '../../../components/NotFoundPage'
import styles from '../../../components/projector.module.css'
import { ApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { useAnonymousParam } from '../../../lib/use-anonymous'
import { type Auction, auctionQuery, franchisesQuery, type Lot, type Manager, managersQuery } from '../api'
import { PHASE_LABEL, quietLine } from '../bits'
import { useAuctionLive } from '../live'
import { Franchises, LastBids, LotBlock } from './BoardParts'
import { useBoardKeys } from './keys'
import { boardNames } from './names'

/**
 * `/auctions/:id/board`: the auction for a projector, full screen — the lot, its price, leader
 * and timer, every franchise's purse and squad, the last bids, and the QR code to join. Live
 * over /cable through the auction room's own subscription (useAuctionLive): nothing polls.
 * `?anonymous=1` (or the A key) names the managers "Manager 1", "Manager 2"…; the owner's keys
 * pause, resume and close the lot. An auction the caller may not see is the 404 page.
 */
/** More franchises than this and they take the board's wider column, laid out in columns. */
const WIDE_FRANCHISES = 8

export function AuctionBoardPage() {
  const id = Number(useParams().id)
  const auction = useQuery({ ...auctionQuery(id), meta: { silent: true } })
  const seen = auction.isSuccess
  const managers = useQuery({ ...managersQuery(id), enabled: seen })
  const live = useAuctionLive(id, seen)
  usePageTitle(auction.data ? `${auction.data.name} · board` : 'Auction board')
  if (auction.isPending) return <Loading />
  if (auction.error instanceof ApiError && auction.error.status === 404) return <NotFoundPage />
  if (auction.isError)
    return (
      <div className={styles.board} data-testid="board-error">
        <p className={styles.notice}>{auction.error.message}</p>
      </div>
    )
  return (
    <Board
      auction={auction.data}
      managers={(managers.data ?? []).filter((m) => m.status === 'approved')}
      lot={live.lot.data}
      connected={live.connected}
    />
  )
}

function Board({
  auction,
  managers,
  lot,
  connected,
}: {
  auction: Auction
  managers: Manager[]
  lot: Lot | undefined
  connected: boolean
}) {
  const { anonymous, toggle } = useAnonymousParam()
  const note = useBoardKeys(auction, toggle)
  const names = boardNames(managers, anonymous)
  const squads = useQuery({ ...franchisesQuery(auction.id), enabled: auction.phase !== 'waiting' })
  // A class of 30 does not fit under the QR code: the franchises take the wider column, in
  // columns of their own, with the QR code under them.
  const wide = managers.length > WIDE_FRANCHISES
  const franchises = (
    <Franchises auction={auction} managers={managers} squads={squads.data} names={names} wide={wide} />
  )
  const joinUrl = auction.code ? `${window.location.origin}/auctions/join?code=${auction.code}` : null
  const join =
    joinUrl && auction.code && auction.phase !== 'completed' ? (
      <JoinQr url={joinUrl} code={auction.code} />
    ) : null
  return (
    <div
      className={styles.board}
      data-testid="auction-board"
      data-phase={auction.phase}
      data-paused={auction.paused}
      data-anonymous={anonymous}
      data-connected={connected}
    >
      <header className={styles.head}>
        <h1>{auction.name}</h1>
        <span className={styles.phase} data-testid="board-phase">
          {auction.paused ? (quietLine(auction) ?? 'Paused') : PHASE_LABEL[auction.phase]}
        </span>
        <span className={styles.counts}>
          {auction.sold_count} sold · {auction.unsold_count} unsold · {auction.players_count} players
        </span>
        {connected ? null : <span className={styles.offline}>Connecting…</span>}
      </header>
      <main className={styles.main} data-wide={wide}>
        <div className={styles.left}>
          <LotBlock auction={auction} lot={lot} names={names} />
          {auction.phase === 'open' ? <LastBids lot={lot} names={names} max={wide ? 4 : 6} /> : null}
        </div>
        <div className={styles.right}>
          {wide ? null : join}
          {franchises}
          {wide ? join : null}
        </div>
      </main>
      <footer className={styles.foot}>
        <span data-testid="board-keys">
          {auction.is_owner ? 'Space pause / resume · N or → next lot · ' : ''}A{' '}
          {anonymous ? 'show names' : 'hide names'}
        </span>
        <span role="status" aria-live="polite" data-testid="board-note" data-error={note?.error ?? false}>
          {note?.text ?? ''}
        </span>
      </footer>
    </div>
  )
}
