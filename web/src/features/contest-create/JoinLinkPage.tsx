import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { Button } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { FindCodeForm } from '../../components/FindCodeForm'
import { ApiError } from '../../lib/api'
import { formatMoney } from '../../lib/format'
import { AFTER_CLASSIC_CREATE, AFTER_TEAM_CREATE, setReturnAddress } from '../../lib/return-to'
import { showSnackbar } from '../../lib/snackbar'
import { phaseQuery } from '../championship'
import { type Invited, inviteQuery, userTeamsQuery } from '../contests'
import { contestPath, joinWithCode } from './api'
import styles from './create.module.css'
import { InvitedFacts } from './InvitedFacts'

/**
 * `/contests/{id}/join?code=…` — the landing page of an invite link (signed-out visitors are
 * sent to sign in and come back here): what the contest is, then pick a team (or create one
 * and come back) and join with the code.
 */
export function JoinLinkPage() {
  const { id } = useParams()
  const [search, setSearch] = useSearchParams()
  const code = (search.get('code') ?? '').trim().toUpperCase()
  const invited = useQuery({ ...inviteQuery(code), enabled: code.length > 0, meta: { silent: true } })
  const find = (typed: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      next.set('code', typed)
      return next
    })
  const notFound = invited.error instanceof ApiError && invited.error.status === 404
  const other = invited.data && String(invited.data.id) !== id
  return (
    <div className={styles.page} data-testid="join-link-page">
      <PageHead title="Join a contest" subtitle="With the invite code a friend sent you." />
      <Card className={styles.accessCard}>
        <FindCodeForm label="Invite code" initialCode={code} onFind={find} />
        {invited.isFetching && !invited.data ? <Loading /> : null}
        {notFound ? <Alert>No contest has the code {code}. Check it with whoever sent it.</Alert> : null}
        {invited.isError && !notFound ? <Alert>{invited.error.message}</Alert> : null}
        {other && invited.data ? (
          <Alert tone="notice">
            That code is for another contest:{' '}
            <Link to={`/contests/${invited.data.id}/join?code=${code}`}>{invited.data.name}</Link>
          </Alert>
        ) : null}
      </Card>
      {invited.data && !other ? <JoinPanel invited={invited.data} code={code} /> : null}
    </div>
  )
}

function JoinPanel({ invited, code }: { invited: Invited; code: string }) {
  const championship = invited.contest_type === 'championship_contest'
  const location = useLocation()
  const navigate = useNavigate()
  const teams = useQuery({
    ...userTeamsQuery(invited.match_id ?? 0, invited.id),
    enabled: !championship && Boolean(invited.match_id),
  })
  const phase = useQuery({
    ...phaseQuery(invited.phase_id ?? 0),
    enabled: championship && Boolean(invited.phase_id),
  })
  const free = (teams.data ?? []).filter((t) => !t.joined)
  const [picked, setPicked] = useState<number | null>(null)
  const teamId = championship
    ? (phase.data?.current_user_classic_team?.id ?? null)
    : (picked ?? free[0]?.id ?? null)
  const join = useJoinWithCode(invited, code, teamId)
  const detour = () => {
    setReturnAddress(
      championship ? AFTER_CLASSIC_CREATE : AFTER_TEAM_CREATE,
      location.pathname + location.search,
    )
    navigate(
      championship
        ? `/championship/phases/${invited.phase_id}/create-team`
        : `/matches/${invited.match_id}/create-team`,
    )
  }
  const full = invited.members_count >= invited.members_limit
  const closed = invited.contest_status !== undefined && invited.contest_status !== 'open'
  const loading = championship ? phase.isPending : teams.isPending
  const noTeam = !loading && teamId === null
  return (
    <Card data-testid="invited-contest">
      <h2 className={styles.cardTitle} data-testid="invited-name">
        {invited.name}
      </h2>
      {invited.is_private ? <p className={styles.muted}>A private contest: only its code opens it.</p> : null}
      <InvitedFacts invited={invited} code={code} />
      {loading ? <Loading /> : null}
      <TeamPick championship={championship} teams={teams} teamId={teamId} setPicked={setPicked} />
      {championship && phase.data?.current_user_classic_team ? (
        <p>You join with your classic team for {phase.data.name}.</p>
      ) : null}
      <NeedTeam noTeam={noTeam} championship={championship} teams={teams} detour={detour} />
      <JoinRefused error={join.error} fee={invited.entry_fee} />
      <Button
        block
        busy={join.isPending}
        disabled={teamId === null || full || closed}
        onClick={() => join.mutate()}
        data-testid="join-with-code"
      >
        {full
          ? 'Contest full'
          : `Join${invited.entry_fee > 0 ? ` for ${formatMoney(invited.entry_fee)}` : ''}`}
      </Button>
    </Card>
  )
}

/** Why joining was refused; too little balance links to adding the fee. */
function JoinRefused({ error, fee }: { error: Error | null; fee: number }) {
  if (!(error instanceof ApiError)) return null
  return (
    <Alert>
      <span data-testid="join-refused">{error.message}</span>{' '}
      {error.code === 'INSUFFICIENT_BALANCE' ? (
        <Link to={`/add-cash?amount=${Math.ceil(fee)}`}>Add cash</Link>
      ) : null}
    </Alert>
  )
}

/** No team to join with: why, and the way to make one (coming back here). */
function NeedTeam({
  noTeam,
  championship,
  teams,
  detour,
}: {
  noTeam: boolean
  championship: boolean
  teams: { data?: Array<{ id: number; team_no: number; joined?: boolean }> }
  detour: () => void
}) {
  return (
    <>
      {noTeam ? (
        <div className={styles.needTeam} data-testid="need-team">
          <p>
            {!championship && (teams.data?.length ?? 0) > 0
              ? 'Every team of yours is in already: create another to join again.'
              : 'You need a team to join: create one and you come back here.'}
          </p>
          <Button variant="secondary" small onClick={detour} data-testid="create-team-first">
            Create a team
          </Button>
        </div>
      ) : null}
    </>
  )
}

/** Which of my teams joins. */
function TeamPick({
  championship,
  teams,
  teamId,
  setPicked,
}: {
  championship: boolean
  teams: { data?: Array<{ id: number; team_no: number; joined?: boolean }> }
  teamId: number | null
  setPicked: (id: number) => void
}) {
  return (
    <>
      {!championship && teams.data && teams.data.length > 0 ? (
        <fieldset className={styles.teamPick}>
          <legend>Join with</legend>
          {teams.data.map((t) => (
            <label key={t.id} data-testid="join-team">
              <input
                type="radio"
                name="team"
                value={t.id}
                disabled={t.joined}
                checked={teamId === t.id}
                onChange={() => setPicked(t.id)}
              />
              Team {t.team_no}
              {t.joined ? ' (joined)' : ''}
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  )
}

/** Joins with the code and the picked team, then opens the contest. */
function useJoinWithCode(invited: Invited, code: string, teamId: number | null) {
  const navigate = useNavigate()
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => joinWithCode(invited, code, teamId),
    meta: { silent: true },
    onSuccess: () => {
      showSnackbar(`You joined ${invited.name}.`, 'info')
      for (const key of ['contests', 'contest', 'me', 'user-teams', 'championship'])
        void client.invalidateQueries({ queryKey: [key] })
      navigate(contestPath(invited.contest_type, invited.id))
    },
  })
}
