import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, Navigate, Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { type Auction, auctionQuery, type Lot, type Manager, managersQuery, type Phase } from './api'
import styles from './auctions.module.css'
import { PHASE_PAGE } from './bits'
import { LiveHead, tabsUnder } from './LiveHead'
import { useAuctionLive } from './live'

export interface AuctionContext {
  auction: Auction
  /** Every manager, any status. */
  managers: Manager[]
  /** The viewer's own manager (approved or not), or null. */
  me: Manager | null
  lot: UseQueryResult<Lot>
  connected: boolean
  managerById: (id: number | null | undefined) => Manager | undefined
}

export const useAuction = () => useOutletContext<AuctionContext>()

/**
 * `/auctions/:id` and its pages. One AuctionChannel subscription serves them all; when the
 * auction moves to its next phase, whoever is on the page of the phase that ended is taken
 * to the next one (a bidder on `/bidding` goes to the sealed round, say).
 */
export function AuctionLayout() {
  const id = Number(useParams().id)
  const auction = useQuery(auctionQuery(id))
  const managers = useQuery(managersQuery(id))
  const live = useAuctionLive(id, auction.isSuccess)
  useFollowPhase(id, auction.data?.phase)
  const tabs = useActiveTabInView()

  if (auction.isPending) return <Loading />
  if (auction.isError) return <Alert>{auction.error.message}</Alert>
  const a = auction.data
  const list = managers.data ?? []
  const mineId = a.current_manager?.id
  const context: AuctionContext = {
    auction: a,
    managers: list,
    me: list.find((m) => m.id === mineId) ?? null,
    lot: live.lot,
    connected: live.connected,
    managerById: (managerId) => list.find((m) => m.id === managerId),
  }
  const tab = tabsUnder(`/auctions/${id}`)
  return (
    <div data-testid="auction-page" data-auction-id={id} data-phase={a.phase}>
      <LiveHead back="/auctions" backLabel="Auctions" name={a.name} status={a} connected={live.connected} />
      <p className={styles.subline}>
        {a.sold_count} sold · {a.unsold_count} unsold · {a.players_count} players · {a.managers_count}{' '}
        franchises
        {a.phase === 'waiting' && 'seats_left' in a && a.seats_left !== undefined
          ? ` · ${a.seats_left} ${a.seats_left === 1 ? 'seat' : 'seats'} left`
          : ''}
        {a.round > 0 ? ` · sealed rounds: ${a.round}` : ''}
      </p>
      {a.phase === 'completed' ? (
        <p className={styles.subline}>
          <Link to={`/auctions/${id}/debrief`} data-testid="auction-debrief-link">
            Debrief: every bid replayed, prices, spend and efficiency
          </Link>
        </p>
      ) : null}
      <nav className={styles.tabs} aria-label="Auction" ref={tabs}>
        {a.phase === 'waiting' ? tab('waiting-room', 'Waiting room') : tab('bidding', 'Bidding')}
        {a.phase !== 'waiting' ? tab('secondary-bidding', 'Sealed round') : null}
        {a.phase !== 'waiting' && a.current_manager ? tab('secondary-bids', 'My sealed bids') : null}
        {tab('players', 'Players')}
        {a.phase !== 'waiting' ? tab('leaderboard', 'Leaderboard') : null}
      </nav>
      <Outlet context={context} />
    </div>
  )
}

/** On a phone the tabs scroll sideways: keeps the current one (the leaderboard, say) in view. */
function useActiveTabInView() {
  const ref = useRef<HTMLElement>(null)
  const { pathname } = useLocation()
  useEffect(() => {
    if (!pathname) return
    ref.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [pathname])
  return ref
}

/** On a phase change, moves whoever is on the ended phase's page to the new phase's page. */
function useFollowPhase(id: number, phase: Phase | undefined) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const previous = useRef<Phase | undefined>(undefined)
  useEffect(() => {
    const before = previous.current
    previous.current = phase
    if (!before || !phase || before === phase) return
    const from = PHASE_PAGE[before]
    const to = PHASE_PAGE[phase]
    if (from !== to && pathname.endsWith(`/${from}`)) navigate(`/auctions/${id}/${to}`)
  }, [id, phase, pathname, navigate])
}

/** `/auctions/:id` itself: the page for the auction's phase. */
export function AuctionIndex() {
  const { auction } = useAuction()
  return <Navigate to={PHASE_PAGE[auction.phase]} replace />
}
