import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { DEFAULT_TIMINGS } from '../../../../server/domain/auction/engine'
import { countdownText, useServerNow } from '../../lib/use-now'
import type { Auction, Lot, Phase } from './api'
import styles from './auctions.module.css'
import bid from './bidding.module.css'
import { resyncClock } from './live'

/** Small pieces shared by the auction pages: status labels, colour swatches, countdowns. */
export const PHASE_LABEL: Record<Phase, string> = {
  waiting: 'Waiting room',
  open: 'Live bidding',
  between: 'Between rounds',
  sealed: 'Sealed round',
  completed: 'Completed',
}

/** Where an auction's own page is for each phase (`/auctions/:id` sends you there). */
export const PHASE_PAGE: Record<Phase, string> = {
  waiting: 'waiting-room',
  open: 'bidding',
  between: 'secondary-bidding',
  sealed: 'secondary-bidding',
  completed: 'players',
}

export function StatusChip({ auction }: { auction: Pick<Auction, 'phase' | 'paused'> }) {
  const label = auction.paused ? 'Paused' : PHASE_LABEL[auction.phase]
  return (
    <span
      className={styles.status}
      data-phase={auction.paused ? 'paused' : auction.phase}
      data-testid="auction-status"
    >
      {label}
    </span>
  )
}

/** A titled group of auction cards (mine, open to join, …); nothing at all when it has none. */
export function CardSection({
  title,
  testId,
  children,
}: {
  title: string
  testId: string
  children: ReactNode[]
}) {
  if (children.length === 0) return null
  return (
    <section className={styles.section} data-testid={testId}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <div className={styles.cardList}>{children}</div>
    </section>
  )
}

export function Swatch({ hex, size = 14 }: { hex: string | null | undefined; size?: number }) {
  return (
    <span
      className={styles.swatch}
      style={{ background: hex ?? 'var(--surface-3)', width: size, height: size }}
      aria-hidden="true"
    />
  )
}

/**
 * The lot's countdown, from the lot's end and the server's game clock (never a local timer
 * alone: the clock can be sped up or paused). While the owner has paused the auction it
 * shows what was left.
 */
export function LotCountdown({ lot, lotMs }: { lot: Lot; lotMs: number }) {
  const now = useServerNow(200)
  const ends = lot.ends_at_in_millis
  // A bid late in a lot puts the timer back up to the reset time, so the bar's full length is
  // the longer of the two; nothing is ever further off (a reading of a fast clock can be).
  const full = Math.max(lotMs, DEFAULT_TIMINGS.resetMs)
  const raw = lot.paused ? (lot.remaining_millis ?? 0) : ends === null ? 0 : ends - now
  const left = Math.min(full, Math.max(0, raw))
  const client = useQueryClient()
  const overdue = left === 0 && !lot.paused && ends !== null
  useEffect(() => {
    if (overdue) resyncClock(client)
  }, [overdue, client])
  return (
    <div
      className={bid.countdown}
      data-testid="countdown"
      data-ends-at={ends ?? ''}
      data-paused={lot.paused}
      data-low={left <= 3000}
    >
      <div className={bid.countdownBar} aria-hidden="true">
        <span style={{ width: `${(left / full) * 100}%` }} />
      </div>
      <span className={bid.countdownText} data-testid="countdown-text">
        {lot.paused ? (lot.paused_until_in_millis ? 'Paused overnight · ' : 'Paused · ') : ''}
        {left >= 60_000 ? countdownText(left) : `${Math.ceil(left / 1000)}s`}
      </span>
    </div>
  )
}

/**
 * "Paused overnight — resumes 08:00": an auction paused for its quiet hours (docs/auctions.md,
 * "Over days"), the time in the window's own zone; null when it is not.
 */
export function quietLine(auction: Pick<Auction, 'paused_until_in_millis' | 'quiet_hours'>): string | null {
  const until = auction.paused_until_in_millis
  if (until === null || until === undefined) return null
  const timeZone = auction.quiet_hours?.time_zone
  const hhmm = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  return `Paused overnight — resumes ${hhmm.format(until)}`
}

/** "Closes in 1m 05s" for a sealed round, from the server's game clock. */
export function ClosingCountdown({ closesAtMs }: { closesAtMs: number | null }) {
  const now = useServerNow(500)
  if (closesAtMs === null) return <span data-testid="closes-in">Open until the owner closes it</span>
  const left = closesAtMs - now
  return (
    <span data-testid="closes-in" data-closes-at={closesAtMs}>
      {left > 0 ? `Closes in ${countdownText(left)}` : 'Closing..'}
    </span>
  )
}
