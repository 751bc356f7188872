import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ApiError } from '../../lib/api'
import { formatNumber } from '../../lib/format'
import {
  type Gang,
  type GangMember,
  type GangScope,
  gangQuery,
  leaveGang,
  removeMember,
  webBase,
} from './api'
import { Fact } from './Fact'
import styles from './gangs.module.css'
import { JoinRequests } from './JoinRequests'

/** One gang: its card, its members ranked, and for its manager the pending requests. */
export function GangPage({ scope, gangId }: { scope: GangScope; gangId: number }) {
  const page = useQuery({ ...gangQuery(scope, gangId), meta: { silent: true } })
  if (page.isPending) return <Loading />
  if (page.error instanceof ApiError && page.error.status === 404)
    return (
      <EmptyState title="Gang not found">
        <p>It does not exist, or it is private and you are not a member.</p>
        <ButtonLink to={webBase(scope)}>My gangs</ButtonLink>
      </EmptyState>
    )
  if (page.isError) return <Alert>{page.error.message}</Alert>
  const { gang, members } = page.data
  return (
    <div className={styles.narrow} data-testid="gang-page">
      <PageHead
        title={gang.name}
        subtitle={gang.league_motto || undefined}
        actions={
          <ButtonLink to={webBase(scope)} variant="ghost" small>
            My gangs
          </ButtonLink>
        }
      />
      <GangFacts gang={gang} />
      {gang.current_user_data?.is_manager && !gang.is_public ? (
        <JoinRequests scope={scope} gangId={gang.id} />
      ) : null}
      <h2 className={styles.section}>Members</h2>
      <Members scope={scope} gang={gang} members={members} />
      <LeaveButton scope={scope} gang={gang} />
    </div>
  )
}

function GangFacts({ gang }: { gang: Gang }) {
  const me = gang.current_user_data
  return (
    <Card>
      <div className={styles.facts}>
        <Fact label="In">
          {gang.series_phase
            ? `${gang.series.name} · ${gang.series_phase.name}`
            : `${gang.series.name} (daily)`}
        </Fact>
        <Fact label="Manager">{gang.user.team_name ?? gang.user.display_name}</Fact>
        <Fact label="Members">{gang.league_members_count}</Fact>
        <Fact label="Gang score" testId="gang-score">
          {formatNumber(gang.score)}
        </Fact>
        <Fact label="My rank" testId="gang-my-rank">
          {me?.rank ?? '-'}
        </Fact>
        <Fact label={gang.is_public ? 'Code (anyone with it joins)' : 'Code (players ask with it)'}>
          <span className={styles.code} data-testid="gang-code">
            {gang.league_code ?? '-'}
          </span>
        </Fact>
      </div>
    </Card>
  )
}

function Members({ scope, gang, members }: { scope: GangScope; gang: Gang; members: GangMember[] }) {
  const client = useQueryClient()
  const remove = useMutation({
    mutationFn: (userId: number) => removeMember(scope, gang.id, userId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['gangs', scope.kind, scope.id] }),
  })
  const manager = gang.current_user_data?.is_manager === true
  return (
    <table className={styles.table} data-testid="gang-members">
      <thead>
        <tr>
          <th>Rank</th>
          <th>Team</th>
          <th className={styles.num}>Score</th>
          {manager ? <th /> : null}
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.user.id} className={m.is_current_user ? styles.me : undefined}>
            <td>{m.rank}</td>
            <td>
              {m.user.team_name ?? m.user.display_name}
              {m.is_manager ? ' (manager)' : ''}
            </td>
            <td className={styles.num}>{formatNumber(m.score)}</td>
            {manager ? (
              <td className={styles.num}>
                {m.is_manager ? null : (
                  <Button
                    small
                    variant="ghost"
                    busy={remove.isPending && remove.variables === m.user.id}
                    onClick={() => remove.mutate(m.user.id)}
                    data-testid="remove-member"
                  >
                    Remove
                  </Button>
                )}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function LeaveButton({ scope, gang }: { scope: GangScope; gang: Gang }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const leave = useMutation({
    mutationFn: () => leaveGang(scope, gang.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['gangs', scope.kind, scope.id] })
      navigate(webBase(scope))
    },
  })
  if (gang.current_user_data?.status !== 'member' || gang.current_user_data.is_manager) return null
  return (
    <div className={styles.actions}>
      <Button
        variant="danger"
        small
        busy={leave.isPending}
        onClick={() => leave.mutate()}
        data-testid="leave-gang"
      >
        Leave gang
      </Button>
    </div>
  )
}

export function SeriesGangPage() {
  const { id, gang_id } = useParams()
  return (
    <GangPage key={`${id}:${gang_id}`} scope={{ kind: 'series', id: Number(id) }} gangId={Number(gang_id)} />
  )
}

export function PhaseGangPage() {
  const { id, gang_id } = useParams()
  return (
    <GangPage key={`${id}:${gang_id}`} scope={{ kind: 'phase', id: Number(id) }} gangId={Number(gang_id)} />
  )
}
