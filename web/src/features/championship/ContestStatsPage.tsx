import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Avatar, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ApiError } from '../../lib/api'
import { data, http, type Schema } from '../../lib/client'
import { formatMoney, formatNumber } from '../../lib/format'
import { OwnerControls } from '../contests'
import { matchLabel, resultsQuery } from './api'
import styles from './championship.module.css'

type Member = Schema<'ChampionshipContestMember'>
type ChampionshipContest = Schema<'ChampionshipContest'>

const contestQuery = (id: number) =>
  queryOptions({
    queryKey: ['championship', 'contest', id],
    queryFn: () =>
      data(
        http.GET('/api/championship/contests/{id}', {
          params: { path: { id }, query: { per_page: 50 } },
        }),
      ),
    staleTime: 10_000,
  })

/**
 * `/contests/:id/championship-stats`: a championship contest (a paid league on a series
 * phase) ranked on its members' phase totals, with prizes once settled, and my team's score
 * match by match in that phase.
 */
export function ContestChampionshipStatsPage() {
  const id = Number(useParams().id)
  const view = useQuery(contestQuery(id))
  const phaseId = view.data?.contest.phase_id ?? null
  if (view.isPending) return <Loading />
  if (view.isError)
    return (
      <div data-testid="championship-stats">
        <PageHead title="Championship stats" />
        {view.error instanceof ApiError && view.error.status === 404 ? (
          <EmptyState title="No such championship contest">
            <Link to="/championship">See the championships</Link>
          </EmptyState>
        ) : (
          <Alert>{view.error.message}</Alert>
        )}
      </div>
    )
  const { contest: c, members, current_user_member: mine } = view.data
  return (
    <div data-testid="championship-stats">
      <PageHead
        title={c.name}
        subtitle={`${c.series_name} · ${c.phase_name} · ${c.contest_status}`}
        actions={
          <span>
            <ButtonLink to={`/contests/${c.id}/activities?type=championship`} variant="ghost" small>
              Activity
            </ButtonLink>{' '}
            <ButtonLink to={`/championship/phases/${c.phase_id}/leaderboard`} variant="ghost" small>
              Phase board
            </ButtonLink>
          </span>
        }
      />
      <OwnerControls contest={c} kind="championship_contest" />
      <ContestFacts c={c} />
      <h2 className={styles.sectionTitle}>Standings on the phase total</h2>
      <Standings members={members} mine={mine} />
      <h2 className={styles.sectionTitle}>My team, match by match</h2>
      <MyResults phaseId={phaseId} />
    </div>
  )
}

/** My team's score in each scored match of the phase. */
function MyResults({ phaseId }: { phaseId: number | null }) {
  const results = useQuery({ ...resultsQuery(phaseId ?? 0), enabled: phaseId !== null })
  return (
    <>
      {results.isPending ? (
        <Loading />
      ) : results.isError ? (
        <Alert>{results.error.message}</Alert>
      ) : results.data.length === 0 ? (
        <EmptyState title="No matches scored yet">
          Your team's points appear here after each match.
        </EmptyState>
      ) : (
        <ol className={styles.history}>
          {results.data.map((r) => (
            <li key={r.id} className={styles.historyRow} data-testid="result-row">
              <div className={styles.historyHead}>
                <span className={styles.historyMatch}>
                  <strong>{matchLabel(r.match)}</strong>
                </span>
                <span className={styles.subs} title="Paid / free transfers used">
                  <b className={styles.paid}>{r.paid_sub_used}</b>/
                  <b className={styles.free}>{r.free_sub_used}</b>
                </span>
                <strong className={r.score < 0 ? styles.negative : styles.points}>
                  {formatNumber(r.score)}
                </strong>
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

/** The members ranked on the phase total, mine first when it is not on this page. */
function Standings({ members, mine }: { members: Member[]; mine: Member | null }) {
  return (
    <>
      {members.length === 0 ? (
        <EmptyState title="No one has joined yet" />
      ) : (
        <ul className={styles.board} data-testid="board">
          {[...(mine && !members.some((m) => m.id === mine.id) ? [mine] : []), ...members].map((m) => (
            <li
              key={m.id}
              className={m.is_current_user ? `${styles.boardRow} ${styles.boardMine}` : styles.boardRow}
              data-testid="board-row"
            >
              <Link to={`/championship/teams/${m.classic_team.id}`} className={styles.boardLink}>
                <Avatar src={m.user.image} name={m.user.team_name ?? m.user.display_name} size={32} />
                <strong className={styles.boardName}>{m.user.team_name ?? m.user.display_name}</strong>
                <span className={styles.free}>{m.prize > 0 ? formatMoney(m.prize) : ''}</span>
                <span className={styles.points}>{formatNumber(m.score)}</span>
                <span className={styles.rank}>{m.rank ? `#${formatNumber(m.rank)}` : '—'}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function ContestFacts({ c }: { c: ChampionshipContest }) {
  return (
    <dl className={styles.stats}>
      <div>
        <dt>Prize pool</dt>
        <dd>{formatMoney(c.prize_amount)}</dd>
      </div>
      <div>
        <dt>Entry</dt>
        <dd>{formatMoney(c.entry_fee)}</dd>
      </div>
      <div>
        <dt>Teams</dt>
        <dd>
          {formatNumber(c.members_count)}/{formatNumber(c.members_limit)}
        </dd>
      </div>
      <div>
        <dt>Winners</dt>
        <dd>{formatNumber(c.winner_count)}</dd>
      </div>
    </dl>
  )
}
