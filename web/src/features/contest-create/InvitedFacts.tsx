import { useQuery } from '@tanstack/react-query'
import { Fact } from '../../components/Fact'
import tiles from '../../components/fact-tiles.module.css'
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format'
import { countdownText, useServerNow } from '../../lib/use-now'
import { phaseQuery } from '../championship'
import { type Invited, PrizeTable } from '../contests'
import { MatchStrip, matchQuery } from '../matches'
import styles from './create.module.css'

/**
 * What an invite opens, before anyone pays: the match (both sides and its start) or the
 * championship phase, the fee, the spots left, the time left to join before the lock, and the
 * prize table — read with the code, which is what lets a stranger see a private contest.
 */
export function InvitedFacts({ invited, code }: { invited: Invited; code: string }) {
  const championship = invited.contest_type === 'championship_contest'
  const match = useQuery({
    ...matchQuery(invited.match_id ?? 0),
    enabled: !championship && Boolean(invited.match_id),
  })
  const phase = useQuery({
    ...phaseQuery(invited.phase_id ?? 0),
    enabled: championship && Boolean(invited.phase_id),
  })
  const locksAt = championship
    ? (phase.data?.next_deadline ?? null)
    : (match.data?.event_time_in_millis ?? null)
  const spotsLeft = Math.max(0, invited.members_limit - invited.members_count)
  return (
    <div className={styles.invitedFacts} data-testid="invited-facts">
      {match.data ? <MatchStrip match={match.data} /> : null}
      {championship && phase.data ? <p className={styles.muted}>{phase.data.name} · championship</p> : null}
      <dl className={`${styles.invitedTiles} ${tiles.tiles}`}>
        <Fact label="Entry" testId="invited-fee">
          {invited.entry_fee === 0 ? 'Free' : formatMoney(invited.entry_fee)}
        </Fact>
        <Fact label="Spots" testId="invited-spots">
          {formatNumber(invited.members_count)}/{formatNumber(invited.members_limit)} ·{' '}
          {spotsLeft === 0 ? 'full' : `${formatNumber(spotsLeft)} left`}
        </Fact>
        {locksAt !== null ? (
          <Fact label={championship ? 'Teams lock' : 'Match starts'} testId="invited-start">
            {formatDateTime(locksAt)}
          </Fact>
        ) : null}
        {locksAt !== null ? <LockCountdown locksAt={locksAt} /> : null}
      </dl>
      {championship ? null : (
        <div data-testid="invited-prizes">
          <h3 className={styles.invitedHead}>Prizes</h3>
          <PrizeTable contestId={invited.id} inviteCode={code} />
        </div>
      )}
    </div>
  )
}

/** Time left to join: the contest locks when its match starts (or the phase's next deadline). */
function LockCountdown({ locksAt }: { locksAt: number }) {
  const now = useServerNow()
  const left = locksAt - now
  return (
    <Fact label="Joining closes" testId="invited-lock">
      {left > 0 ? `in ${countdownText(left)}` : 'Locked'}
    </Fact>
  )
}
