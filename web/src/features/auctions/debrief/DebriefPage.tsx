import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { Loading } from '../../../components/Common'
import { NotFoundPage } from '../../../components/NotFoundPage'
import { ApiError } from '../../../lib/api'
import { usePageTitle } from '../../../lib/page-title'
import { useAnonymousParam } from '../../../lib/use-anonymous'
import { type Debrief, debriefQuery } from './api'
import { PriceBars, SpendLines, ValueScatter } from './Charts'
import styles from './debrief.module.css'
import { BidFeed, Controls, LotNow } from './ReplayParts'
import { managerLook, timeSpan } from './replay'
import { type Replay, useReplay } from './use-replay'

/**
 * `/auctions/:id/debrief`: a finished auction replayed on its own timeline — play/pause, speed
 * (1×, 10×, 60×, 600×, max) and a scrubber; the bids appearing in order with the manager who made
 * them (or "Manager 7" with `?anonymous=1`, the A key or the button: the server leaves the names
 * out); the charts of price against base, spend over time, and value against price paid. Full
 * screen for a projector, as the board. A running auction says when it will be ready (409); one
 * the caller may not see is the 404 page.
 */
export function AuctionDebriefPage() {
  const id = Number(useParams().id)
  const { anonymous, toggle } = useAnonymousParam()
  const debrief = useQuery({ ...debriefQuery(id, anonymous), meta: { silent: true } })
  const replay = useReplay(debrief.data ? timeSpan(debrief.data) : null)
  usePageTitle(debrief.data ? `${debrief.data.auction.name} · debrief` : 'Auction debrief')
  useDebriefKeys(replay, toggle)
  if (debrief.isPending) return <Loading />
  const error = debrief.error instanceof ApiError ? debrief.error : null
  if (error?.status === 404) return <NotFoundPage />
  if (debrief.isError)
    return (
      <div className={styles.page} data-testid="debrief-error">
        <p className={styles.notice}>
          {error?.status === 409
            ? 'The debrief is ready when the auction has finished.'
            : debrief.error.message}
        </p>
        <Link className={styles.back} to={`/auctions/${id}`}>
          Back to the auction
        </Link>
      </div>
    )
  return <DebriefView d={debrief.data} replay={replay} anonymous={anonymous} toggleNames={toggle} />
}

/** Space plays or pauses, A shows or hides the names — not while typing or on a control. */
function useDebriefKeys(replay: Replay, toggleNames: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null
      if (e.ctrlKey || e.metaKey || e.altKey || target?.closest('input, select, textarea, button')) return
      if (e.key === ' ') {
        e.preventDefault()
        replay.toggle()
      } else if (e.key === 'a' || e.key === 'A') toggleNames()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [replay, toggleNames])
}

const percent = (n: number | null) => (n === null ? '—' : `${(n * 100).toFixed(1)}%`)

function DebriefView({
  d,
  replay,
  anonymous,
  toggleNames,
}: {
  d: Debrief
  replay: Replay
  anonymous: boolean
  toggleNames: () => void
}) {
  const look = managerLook(d.managers)
  const unit = d.value_basis === 'points' ? 'points' : 'credits'
  return (
    <div className={styles.page} data-testid="auction-debrief" data-anonymous={anonymous}>
      <header className={styles.head}>
        <h1>{d.auction.name}</h1>
        <span className={styles.tag}>Debrief</span>
        <Link className={styles.back} to={`/auctions/${d.auction.id}`}>
          Back to the auction
        </Link>
        <button type="button" className={styles.button} onClick={toggleNames} data-testid="debrief-anonymous">
          {anonymous ? 'Show names (A)' : 'Hide names (A)'}
        </button>
      </header>
      <dl className={styles.stats}>
        <div>
          <dt>Revenue</dt>
          <dd data-testid="debrief-revenue">{d.revenue}</dd>
        </div>
        <div>
          <dt>Efficiency</dt>
          <dd data-testid="debrief-efficiency">{percent(d.efficiency)}</dd>
        </div>
        <div>
          <dt>Bids</dt>
          <dd>{d.bids_count}</dd>
        </div>
        <div>
          <dt>Sold</dt>
          <dd>
            {d.sold_count} of {d.auction.players_count}
          </dd>
        </div>
      </dl>
      <p className={styles.note}>
        Efficiency: the squads' value, {d.realised_value} {unit}, of the best the pool could give the same
        places, {d.best_value}. {d.value_note}
      </p>
      {d.bids_count === 0 ? (
        <p className={styles.notice} data-testid="debrief-empty">
          No bids were placed in this auction.
        </p>
      ) : (
        <>
          <Controls replay={replay} />
          <div className={styles.replay}>
            <LotNow d={d} t={replay.t} look={look} />
            <BidFeed d={d} t={replay.t} start={replay.start} look={look} />
          </div>
        </>
      )}
      <div className={styles.charts}>
        <PriceBars lots={d.lots} t={replay.t} look={look} />
        <SpendLines managers={d.managers} start={replay.start} end={replay.end} t={replay.t} look={look} />
        <ValueScatter managers={d.managers} unit={unit} look={look} />
      </div>
    </div>
  )
}
