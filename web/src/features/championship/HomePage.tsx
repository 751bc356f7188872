import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format'
import { AFTER_CLASSIC_CREATE, AFTER_CLASSIC_UPDATE, setReturnAddress } from '../../lib/return-to'
import { countdownText, useServerNow } from '../../lib/use-now'
import { type Phase, phasesQuery, transfersText } from './api'
import { isOpen } from './BuilderPage'
import styles from './championship.module.css'

/**
 * `/championship`: the phases of every series (or `?series_id=`), each with my team's score,
 * rank, credits and transfers left (paid red, free green, as the original's card), the next
 * transfer deadline counting down, the prizes and the way to the leaderboard.
 */
export function ChampionshipHomePage() {
  const [params] = useSearchParams()
  const seriesId = Number(params.get('series_id')) || undefined
  const phases = useQuery(phasesQuery(seriesId))
  if (phases.isPending) return <Loading />
  if (phases.isError) return <Alert>{phases.error.message}</Alert>
  // Finished phases I did not play are history for someone else: left out. The series I play
  // come first, then those with a phase still open.
  const shown = phases.data.filter((p) => p.current_user_classic_team || p.status !== 'completed')
  const groups = new Map<number, { name: string; phases: Phase[] }>()
  for (const p of shown) {
    const group = groups.get(p.series.id) ?? { name: p.series.name, phases: [] }
    group.phases.push(p)
    groups.set(p.series.id, group)
  }
  return (
    <div data-testid="championship-home">
      <PageHead
        title="Championship"
        subtitle="One team per series phase, transfers between matches, prizes at the end."
        actions={
          <ButtonLink to="/help/championship" variant="ghost" small>
            How to play
          </ButtonLink>
        }
      />
      {shown.length === 0 ? (
        <EmptyState title="No championships yet">
          When a series is scheduled its phases appear here.{' '}
          <Link to="/contests">Play a match meanwhile</Link>
        </EmptyState>
      ) : null}
      {[...groups]
        .sort(([, a], [, b]) => weight(b.phases) - weight(a.phases))
        .map(([id, group]) => (
          <section key={id} className={styles.series} aria-label={group.name}>
            <h2 className={styles.seriesName}>{group.name}</h2>
            <div className={styles.phaseGrid}>
              {group.phases.map((p) => (
                <PhaseCard key={p.id} phase={p} />
              ))}
            </div>
          </section>
        ))}
    </div>
  )
}

function weight(phases: Phase[]): number {
  return (phases.some((p) => p.current_user_classic_team) ? 2 : 0) + (phases.some(isOpen) ? 1 : 0)
}

function PhaseCard({ phase }: { phase: Phase }) {
  const navigate = useNavigate()
  const mine = phase.current_user_classic_team
  const open = isOpen(phase)
  const build = () => {
    setReturnAddress(mine ? AFTER_CLASSIC_UPDATE : AFTER_CLASSIC_CREATE, '/championship')
    navigate(
      mine
        ? `/championship/phases/${phase.id}/edit-team/${mine.id}`
        : `/championship/phases/${phase.id}/create-team`,
    )
  }
  return (
    <Card className={styles.phase}>
      <div data-testid="phase-card" data-phase-id={phase.id}>
        <div className={styles.phaseHead}>
          <div>
            <h3>{phase.name}</h3>
            <span className={styles.phaseMeta}>
              {formatNumber(phase.matches_completed)}/{formatNumber(phase.matches_count)} matches played
            </span>
          </div>
          <span className={styles[`status_${phase.status}`]} data-testid="phase-status">
            {phase.status.toUpperCase()}
          </span>
        </div>
        <Deadline phase={phase} />
        <MyPhaseTeam mine={mine} open={open} />
        <div className={styles.phaseActions}>
          {open ? (
            <Button small onClick={build} data-testid={mine ? 'manage-team' : 'create-classic-team'}>
              {mine ? 'Manage team' : 'Create team'}
            </Button>
          ) : null}
          {mine ? (
            <>
              <ButtonLink to={`/championship/teams/${mine.id}`} variant="secondary" small>
                View team
              </ButtonLink>
              <ButtonLink to={`/championship/teams/${mine.id}/history`} variant="ghost" small>
                History
              </ButtonLink>
            </>
          ) : null}
          <ButtonLink
            to={`/championship/phases/${phase.id}/leaderboard`}
            variant="ghost"
            small
            data-testid="phase-leaderboard-link"
          >
            Leaderboard
          </ButtonLink>
        </div>
        <PhasePrizes phase={phase} />
      </div>
    </Card>
  )
}

/** "Next transfer deadline" = the next match's start, counting down on the server's clock. */
function Deadline({ phase }: { phase: Phase }) {
  const now = useServerNow()
  if (phase.next_deadline === null) return null
  const left = phase.next_deadline - now
  return (
    <p className={styles.deadline} data-testid="next-deadline">
      Transfers close {left > 0 ? <strong>in {countdownText(left)}</strong> : <strong>now</strong>}
      <span> · {formatDateTime(phase.next_deadline)}</span>
    </p>
  )
}

/** The phase's prizes by rank, folded. */
function PhasePrizes({ phase }: { phase: Phase }) {
  return (
    <>
      {phase.prizes.length > 0 ? (
        <details className={styles.prizes}>
          <summary>Prizes</summary>
          <ul>
            {phase.prizes.map((prize) => (
              <li key={String(prize.rank)}>
                <span>Rank {prize.rank}</span>
                <strong>{formatMoney(prize.prize)}</strong>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  )
}

/** My team's score, rank, credits and transfers in the phase, or why there is none. */
function MyPhaseTeam({ mine, open }: { mine: Phase['current_user_classic_team']; open: boolean }) {
  return (
    <>
      {mine ? (
        <dl className={styles.stats} data-testid="my-phase-team">
          <div>
            <dt>Score</dt>
            <dd data-testid="my-score">{formatNumber(mine.score)}</dd>
          </div>
          <div>
            <dt>Rank</dt>
            <dd data-testid="my-rank">{mine.rank ? `#${formatNumber(mine.rank)}` : '—'}</dd>
          </div>
          <div>
            <dt>Credits used</dt>
            <dd>{formatNumber(mine.budget)}</dd>
          </div>
          <div>
            <dt>Subs</dt>
            <dd data-testid="my-transfers" title="Paid / free transfers left">
              <b className={styles.paid}>{transfersText(mine.paid_transfers)}</b>/
              <b className={styles.free}>{transfersText(mine.free_transfers)}</b>
            </dd>
          </div>
        </dl>
      ) : (
        <p className={styles.muted}>
          {open ? 'You have no team in this phase yet.' : 'You did not play this phase.'}
        </p>
      )}
    </>
  )
}
