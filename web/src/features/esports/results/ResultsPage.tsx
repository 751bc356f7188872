import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useParams } from 'react-router'
import { Card, EmptyState, Loading, PageHead } from '../../../components/Common'
import { Alert } from '../../../components/Field'
import { NotFoundPage } from '../../../components/NotFoundPage'
import { ApiError } from '../../../lib/api'
import { EsportsContestNav } from '../contest/ContestNav'
import { useEsportsContestLive } from '../contest/live'
import { type EsportsGame, GAME_NAMES, resultsQuery, sheetQuery } from './api'
import { DisputeForm, ResultsForm } from './ResultsForms'
import styles from './results.module.css'
import { Standings } from './Standings'

/**
 * `/contests/:id/pubg-update`, `/free-fire-update`, `/call-of-duty-update` (docs/esports.md
 * "Results, payouts and corrections"): the host's (or an admin's) form — a placement and kills
 * per squad, or a draw by the simulator — and, once there are results, the standings for
 * everyone who may see the contest, with "Correct the results" for the host and "Dispute" for
 * members. The path's game must be the contest's, else the 404 page.
 */
export function ResultsPage({ game }: { game: EsportsGame }) {
  const id = Number(useParams().id)
  useEsportsContestLive(id)
  const sheet = useQuery({ ...sheetQuery(id), retry: false })
  const hasResults = (sheet.data?.contest.results_version ?? 0) > 0
  const results = useQuery({ ...resultsQuery(id), enabled: hasResults, retry: false })
  const [editing, setEditing] = useState(false)
  const [disputing, setDisputing] = useState(false)

  if (sheet.isPending) return <Loading />
  if (sheet.isError) {
    if (sheet.error instanceof ApiError && sheet.error.status === 404) return <NotFoundPage />
    return <Problem error={sheet.error} />
  }
  const s = sheet.data
  if (s.contest.game !== game) return <NotFoundPage />
  const title = `${s.contest.name} · results`
  const subtitle = `${GAME_NAMES[game]} ${s.contest.mode} · ${s.squads.length} squads`

  return (
    <div data-testid="esports-results" className={styles.page}>
      <PageHead title={title} subtitle={subtitle} />
      <EsportsContestNav
        info={{
          id,
          game,
          member: s.my_squad_id !== null,
          hasResults,
          isHost: s.contest.is_host || s.can_enter,
          status: s.contest.status,
        }}
      />
      {hasResults && results.isPending ? <Loading /> : null}
      {hasResults && results.isError ? <Problem error={results.error} /> : null}
      {results.data && !editing ? (
        <Standings
          results={results.data}
          onCorrect={() => setEditing(true)}
          onDispute={() => setDisputing((d) => !d)}
        />
      ) : null}
      {results.data && disputing && !editing ? (
        <DisputeForm sheet={s} contestId={id} onDone={() => setDisputing(false)} />
      ) : null}
      {(!hasResults && s.can_enter) || (editing && results.data?.can_correct) ? (
        <ResultsForm
          sheet={s}
          current={editing ? results.data : undefined}
          onCancel={editing ? () => setEditing(false) : undefined}
          onSaved={() => setEditing(false)}
        />
      ) : null}
      {!hasResults && !s.can_enter ? <NoResultsYet cancelled={s.contest.status === 'cancelled'} /> : null}
    </div>
  )
}

/** A failed read, in a card. */
function Problem({ error }: { error: Error }) {
  return (
    <Card>
      <Alert>{error.message}</Alert>
    </Card>
  )
}

/** Who enters the results, or why there will be none. */
function NoResultsYet({ cancelled }: { cancelled: boolean }) {
  return (
    <Card>
      <EmptyState title="No results yet">
        <p>
          {cancelled
            ? 'This contest was cancelled and every entry refunded.'
            : 'The host enters the results after the match. You will be notified.'}
        </p>
      </EmptyState>
    </Card>
  )
}

export const PubgUpdatePage = () => <ResultsPage game="pubg" />
export const FreeFireUpdatePage = () => <ResultsPage game="free-fire" />
export const CallOfDutyUpdatePage = () => <ResultsPage game="call-of-duty" />
