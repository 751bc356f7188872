import { useQuery } from '@tanstack/react-query'
import { Loading } from '../../components/Common'
import { Dialog } from '../../components/Dialog'
import { Alert } from '../../components/Field'
import { isSignedIn } from '../../lib/session'
import type { Match } from '../matches'
import { userTeamsQuery } from './api'
import page from './pages.module.css'
import { TeamCard } from './TeamCard'

/** MY TEAMS (n) in the footer of a match's contests: my teams for the match. */
export function MyTeamsDialog({
  match,
  open,
  onClose,
}: {
  match: Match
  open: boolean
  onClose: () => void
}) {
  const teams = useQuery({ ...userTeamsQuery(match.id), enabled: open && isSignedIn() })
  return (
    <Dialog open={open} title="My teams" onClose={onClose} testId="my-teams-dialog">
      {!isSignedIn() ? <p className={page.muted}>Log in to see your teams.</p> : null}
      {teams.isPending && teams.fetchStatus !== 'idle' ? <Loading /> : null}
      {teams.isError ? <Alert>{teams.error.message}</Alert> : null}
      {teams.data?.length === 0 ? (
        <p className={page.muted}>
          No teams for this match yet.{' '}
          {match.locked ? 'Teams were locked when it started.' : 'Create one to join contests.'}
        </p>
      ) : null}
      <div className={page.teamList}>
        {teams.data?.map((t) => (
          <TeamCard key={t.id} team={t} />
        ))}
      </div>
    </Dialog>
  )
}
