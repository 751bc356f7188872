import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Dialog } from '../../components/Dialog'
import { Alert } from '../../components/Field'
import { formatMoney } from '../../lib/format'
import { showSnackbar } from '../../lib/snackbar'
import { afterJoin, type Confirmation, joinContest } from './api'
import contests from './contests.module.css'
import styles from './join.module.css'
import type { Target } from './types'

/** The Low Balance dialog links to `/add-cash?amount=<shortfall>`. */
export const ADD_CASH_PATH = '/add-cash'

export const EXCLUDED_STATES = 'Assam, Odisha, Telangana, Nagaland or Sikkim'

/** join_league: the balance, the fee, To Pay, the team to join with, the legal line; confirm joins. */
export function JoinDialog({
  open,
  onClose,
}: {
  open: { target: Target; pre: Confirmation } | null
  onClose: () => void
}) {
  const client = useQueryClient()
  const teams = open?.pre.user_teams ?? []
  const firstFree = teams.find((t) => !t.joined)?.id ?? null
  const [teamId, setTeamId] = useState<number | null>(firstFree)
  const [shownFor, setShownFor] = useState<Confirmation | null>(null)
  if (open && open.pre !== shownFor) {
    setShownFor(open.pre)
    setTeamId(firstFree)
  }
  const join = useMutation({
    mutationFn: (team: number) => joinContest(open?.target.id ?? 0, team),
    meta: { silent: true },
    onSuccess: (answer) => {
      afterJoin(client, answer.contest)
      const no = teams.find((t) => t.id === teamId)?.team_no
      showSnackbar(`You joined ${answer.contest.name}${no ? ` with Team ${no}` : ''}.`, 'info')
      onClose()
    },
  })
  const pre = open?.pre
  const close = () => {
    // A refusal (full, locked, balance moved) belongs to this attempt only.
    join.reset()
    onClose()
  }
  return (
    <Dialog
      open={Boolean(open)}
      title="Confirmation"
      onClose={close}
      testId="join-dialog"
      footer={
        <Button
          block
          busy={join.isPending}
          disabled={teamId === null}
          onClick={() => teamId !== null && join.mutate(teamId)}
          data-testid="confirm-join"
        >
          Join contest
        </Button>
      }
    >
      {pre ? (
        <>
          <PayRows pre={pre} />
          <TeamChoice teams={teams} teamId={teamId} onPick={setTeamId} />
          {join.error ? <Alert>{join.error.message}</Alert> : null}
          <p className={styles.legal}>
            By joining you accept the <Link to="/terms-and-conditions">Terms</Link> and confirm you are 18 or
            older and not a resident of {EXCLUDED_STATES}, where paid contests are not allowed.
          </p>
        </>
      ) : null}
    </Dialog>
  )
}

/** My balance, the entry fee and what joining takes from the balance. */
function PayRows({ pre }: { pre: Confirmation }) {
  return (
    <>
      <p className={styles.balanceLine} data-testid="join-balance">
        Unused + Winning Balance = <strong>{formatMoney(pre.current_balance)}</strong>
      </p>
      <dl className={styles.payRows}>
        <div>
          <dt>Entry</dt>
          <dd>{pre.entry_fee === 0 ? 'Free' : formatMoney(pre.entry_fee)}</dd>
        </div>
        <div className={styles.toPay}>
          <dt>To Pay</dt>
          <dd data-testid="to-pay">{formatMoney(pre.to_pay)}</dd>
        </div>
      </dl>
    </>
  )
}

type JoinTeam = Confirmation['user_teams'][number]

/** The team to join with: radios when there are several (the ones already in are disabled). */
function TeamChoice({
  teams,
  teamId,
  onPick,
}: {
  teams: JoinTeam[]
  teamId: number | null
  onPick: (id: number) => void
}) {
  if (teams.length <= 1) return <p className={contests.muted}>With Team {teams[0]?.team_no ?? 1}.</p>
  return (
    <fieldset className={styles.teamRadios}>
      <legend>Join with</legend>
      {teams.map((t) => (
        <label key={t.id} className={t.joined ? styles.teamJoined : undefined}>
          <input
            type="radio"
            name="team"
            value={t.id}
            checked={teamId === t.id}
            disabled={t.joined}
            onChange={() => onPick(t.id)}
          />
          Team {t.team_no}
          {t.joined ? <em>Joined</em> : null}
        </label>
      ))}
    </fieldset>
  )
}

/** add_funds: how much is missing, and (until adding cash exists) who can credit the wallet. */
export function LowBalanceDialog({
  open,
  onClose,
}: {
  open: { target: Target; pre: Confirmation } | null
  onClose: () => void
}) {
  const pre = open?.pre
  return (
    <Dialog
      open={Boolean(open)}
      title="Low balance"
      onClose={onClose}
      testId="low-balance"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {pre ? 'Not now' : 'OK'}
          </Button>
          {pre ? (
            <ButtonLink to={`${ADD_CASH_PATH}?amount=${Math.ceil(pre.shortfall)}`} variant="gold">
              Add {formatMoney(Math.ceil(pre.shortfall))}
            </ButtonLink>
          ) : null}
        </>
      }
    >
      {pre ? (
        <>
          <p className={styles.shortfall} data-testid="shortfall">
            You need <strong>{formatMoney(pre.shortfall)}</strong> more to join {open?.target.name}.
          </p>
          <dl className={styles.payRows}>
            <div>
              <dt>Unused + Winning Balance</dt>
              <dd>{formatMoney(pre.current_balance)}</dd>
            </div>
            <div>
              <dt>Entry</dt>
              <dd>{formatMoney(pre.entry_fee)}</dd>
            </div>
          </dl>
        </>
      ) : null}
    </Dialog>
  )
}
