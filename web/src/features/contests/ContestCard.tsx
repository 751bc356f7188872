import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { ChevronDownIcon, TrophyIcon } from '../../components/Icons'
import { formatDay, formatMoney, formatNumber } from '../../lib/format'
import { useServerTimeReached } from '../../lib/use-now'
import { ContestLike } from '../posts'
import type { Contest } from './api'
import styles from './contests.module.css'
import { WinningBreakup } from './WinningBreakup'

/**
 * A contest as the original drew it: "Prize pool ₹x" (or the name when the prize is 0),
 * the entry-fee button, the fill bar, spots left and total, and "N Winners" opening the
 * WINNING BREAKUP.
 */
export function ContestCard({
  contest: fetched,
  onJoin,
  busy,
  showMatch,
}: {
  contest: Contest
  onJoin?: (contest: Contest) => void
  busy?: boolean
  showMatch?: boolean
}) {
  const [breakup, setBreakup] = useState(false)
  const contest = useClockedContest(fetched)
  const fill = contest.members_limit > 0 ? (contest.members_count / contest.members_limit) * 100 : 0
  const free = contest.prize_amount === 0
  return (
    <article className={styles.card} data-testid="contest-card" data-contest-id={contest.id}>
      <div className={styles.cardTop}>
        <Link to={`/contests/${contest.id}`} className={styles.cardMain}>
          <span className={styles.cardLabel}>
            {showMatch ? `${contest.match_title} · ${formatDay(contest.event_time_in_millis)} · ` : ''}
            {free ? 'Practice' : contest.name}
          </span>
          {free ? (
            <strong className={styles.prize}>{contest.name}</strong>
          ) : (
            <strong className={styles.prize} data-testid="prize-pool">
              <span className={styles.prizeWord}>Prize pool</span> {formatMoney(contest.prize_amount)}
            </strong>
          )}
        </Link>
        <EntryButton contest={contest} onJoin={onJoin} busy={busy} />
      </div>
      <div
        className={styles.fill}
        role="progressbar"
        aria-label="Spots filled"
        aria-valuemin={0}
        aria-valuemax={contest.members_limit}
        aria-valuenow={contest.members_count}
      >
        <span style={{ width: `${Math.min(100, fill)}%` }} />
      </div>
      <div className={styles.spots}>
        <span className={styles.spotsLeft} data-testid="spots-left">
          {contest.contest_status === 'open'
            ? `${formatNumber(contest.spots_left)} spot${contest.spots_left === 1 ? '' : 's'} left`
            : `${formatNumber(contest.members_count)} joined`}
        </span>
        <span data-testid="spots">{formatNumber(contest.members_limit)} spots</span>
      </div>
      <CardFoot contest={contest} setBreakup={setBreakup} />
      {contest.joined_count > 0 ? (
        <div className={styles.joinedLine} data-testid="joined-line">
          Joined with {contest.joined_count} team{contest.joined_count === 1 ? '' : 's'}
        </div>
      ) : null}
      {contest.contest_status === 'cancelled' ? (
        <div className={styles.cancelledLine}>
          Cancelled · {contest.status_reason ?? 'entry fees refunded'}
        </div>
      ) : null}
      <WinningBreakup contestId={contest.id} open={breakup} onClose={() => setBreakup(false)} />
    </article>
  )
}

/**
 * A contest as it stands on the server clock: once its match's start time has passed it is
 * locked, whatever the fetched copy says (the server locks it at that instant), and the
 * lists and the contest are fetched again to learn what became of it (locked or cancelled).
 */
function useClockedContest(contest: Contest): Contest {
  const client = useQueryClient()
  const started = useServerTimeReached(contest.event_time_in_millis)
  const stale = started && contest.contest_status === 'open'
  useEffect(() => {
    if (!stale) return
    void client.invalidateQueries({ queryKey: ['contests'] }, { cancelRefetch: false })
    void client.invalidateQueries({ queryKey: ['contest', contest.id] }, { cancelRefetch: false })
  }, [stale, client, contest.id])
  return stale ? { ...contest, contest_status: 'locked', joinable: false } : contest
}

function EntryButton({
  contest,
  onJoin,
  busy,
}: {
  contest: Contest
  onJoin?: (contest: Contest) => void
  busy?: boolean
}) {
  const fee = contest.entry_fee === 0 ? 'FREE' : formatMoney(contest.entry_fee)
  const roomForMore = contest.joined_count < contest.max_entries
  let label = fee
  let enabled = Boolean(onJoin) && contest.joinable && roomForMore
  if (contest.contest_status === 'cancelled') label = 'CANCELLED'
  else if (contest.contest_status === 'completed') label = 'COMPLETED'
  else if (contest.contest_status === 'locked' || contest.match_status !== 'upcoming') label = 'LOCKED'
  else if (contest.joined_count > 0 && !roomForMore) label = 'JOINED'
  else if (!contest.joinable)
    label = contest.spots_left === 0 && contest.contest_status === 'open' ? 'FULL' : 'LOCKED'
  else if (contest.joined_count > 0) label = `${fee} +`
  if (!onJoin) enabled = false
  return (
    <button
      type="button"
      className={styles.entry}
      disabled={!enabled || busy}
      aria-busy={busy || undefined}
      onClick={() => onJoin?.(contest)}
      data-testid="entry-button"
      aria-label={enabled ? `Join ${contest.name} for ${fee}` : label}
    >
      {label}
    </button>
  )
}

/** First prize and winners (opening the breakup), the G and S/M tags, talk and likes. */
function CardFoot({ contest, setBreakup }: { contest: Contest; setBreakup: (open: boolean) => void }) {
  return (
    <div className={styles.cardFoot}>
      {contest.winner_count > 0 ? (
        <>
          <span className={styles.first} title="First prize">
            <TrophyIcon width={15} height={15} /> {formatMoney(contest.first_prize)}
          </span>
          <button
            type="button"
            className={styles.winners}
            onClick={() => setBreakup(true)}
            data-testid="winners"
          >
            {formatNumber(contest.winner_count)} Winner{contest.winner_count === 1 ? '' : 's'}
            <ChevronDownIcon width={14} height={14} />
          </button>
        </>
      ) : (
        <span className={styles.first}>No prizes</span>
      )}
      {contest.guaranteed ? (
        <span className={styles.tag} title="Guaranteed: runs even if not full">
          G
        </span>
      ) : null}
      <span className={styles.tag} title={contest.multiple_entries ? 'Teams per player' : 'Single entry'}>
        {contest.multiple_entries ? `M ×${contest.max_entries}` : 'S'}
      </span>
      <span className={styles.likes}>
        <Link to={`/contests/${contest.id}/comments`} className={styles.talk} data-testid="contest-talk">
          Talk
        </Link>
        <ContestLike contest={contest} small />
      </span>
    </div>
  )
}
