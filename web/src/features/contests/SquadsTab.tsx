import { useQuery } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { PlusIcon } from '../../components/Icons'
import { AFTER_TEAM_CREATE, setReturnAddress } from '../../lib/return-to'
import { isSignedIn } from '../../lib/session'
import { userTeamsQuery } from './api'
import { useContest } from './contest-context'
import page from './pages.module.css'
import { TeamCard } from './TeamCard'

/** `/contests/:id/squads`: my teams for this contest's match, marked joined or not. */
export function SquadsTab() {
  const { contest, match, join } = useContest()
  const navigate = useNavigate()
  const location = useLocation()
  const teams = useQuery({ ...userTeamsQuery(match.id, contest.id), enabled: isSignedIn() })
  if (!isSignedIn()) return <EmptyState title="Log in to see your teams" />
  if (teams.isPending) return <Loading />
  if (teams.isError) return <Alert>{teams.error.message}</Alert>
  const canCreate = !match.locked && teams.data.length < 4
  const roomToJoin = contest.joinable && contest.joined_count < contest.max_entries
  return (
    <div data-testid="squads">
      {teams.data.length === 0 ? (
        <EmptyState title="No teams yet">
          {match.locked ? 'Teams locked when the match started.' : 'Create a team to join this contest.'}
        </EmptyState>
      ) : (
        <div className={page.teamList}>
          {teams.data.map((t) => (
            <TeamCard key={t.id} team={t}>
              {t.joined ? (
                <span className={page.joinedTag}>Joined</span>
              ) : roomToJoin ? (
                <Button small onClick={() => join(contest)}>
                  Join
                </Button>
              ) : (
                <span className={page.muted}>Not in this contest</span>
              )}
            </TeamCard>
          ))}
        </div>
      )}
      {canCreate ? (
        <div className={page.centered}>
          <Button
            variant="secondary"
            onClick={() => {
              setReturnAddress(
                AFTER_TEAM_CREATE,
                roomToJoin ? `${location.pathname}?join=${contest.id}` : location.pathname,
              )
              navigate(`/matches/${match.id}/create-team`)
            }}
          >
            <PlusIcon width={16} height={16} /> Create team {teams.data.length + 1}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
