import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from '../../components/Button'
import { Card } from '../../components/Common'
import cards from '../../components/link-cards.module.css'
import { TimeAgo } from '../../components/TimeAgo'
import { answerRequest, type GangScope, requestsQuery } from './api'
import styles from './gangs.module.css'

/** The manager's inbox of a private gang: approve or decline each request. */
export function JoinRequests({ scope, gangId }: { scope: GangScope; gangId: number }) {
  const client = useQueryClient()
  const requests = useQuery(requestsQuery(scope, gangId))
  const answer = useMutation({
    mutationFn: ({ userId, approve }: { userId: number; approve: boolean }) =>
      answerRequest(scope, gangId, userId, approve),
    onSuccess: () => client.invalidateQueries({ queryKey: ['gangs', scope.kind, scope.id] }),
  })
  const list = requests.data ?? []
  return (
    <>
      <h2 className={styles.section}>Join requests</h2>
      <Card>
        {list.length === 0 ? (
          <p className={styles.motto} data-testid="no-requests">
            No requests waiting. Share the code: players ask with it and you approve them here.
          </p>
        ) : (
          <ul className={cards.list} data-testid="join-requests">
            {list.map((r) => (
              <li key={r.id} className={styles.seriesRow} data-testid="join-request">
                <span>
                  {r.user.team_name ?? r.user.display_name}
                  <span className={styles.motto}>
                    {' · '}
                    <TimeAgo atMs={r.requested_at_in_millis} />
                  </span>
                </span>
                <span className={styles.actions}>
                  <Button
                    small
                    busy={
                      answer.isPending && answer.variables.userId === r.user.id && answer.variables.approve
                    }
                    onClick={() => answer.mutate({ userId: r.user.id, approve: true })}
                    data-testid="approve-request"
                  >
                    Approve
                  </Button>
                  <Button
                    small
                    variant="ghost"
                    busy={
                      answer.isPending && answer.variables.userId === r.user.id && !answer.variables.approve
                    }
                    onClick={() => answer.mutate({ userId: r.user.id, approve: false })}
                    data-testid="decline-request"
                  >
                    Decline
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  )
}
