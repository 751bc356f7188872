import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { ApiError } from '../../lib/api'
import { formatMoney } from '../../lib/format'
import { type Me, meQuery } from '../../lib/me'
import { parseRupees } from './amount'
import {
  newIdempotencyKey,
  type Redemption,
  type RedemptionType,
  redemptionsQuery,
  redemptionTypesQuery,
  refreshBalances,
  requestRedemption,
} from './api'
import { formatDateTime, StatusChip, toneOf } from './bits'
import { STATE_LABEL, verificationSteps } from './verification'
import styles from './wallet.module.css'
import withdraw from './withdraw.module.css'

/**
 * `/wallet/withdraw`: pick bank or UPI (minimum and fee shown), enter an amount, see the fee
 * and what arrives; blocked, with links, until the identity checks are done. Below: every
 * withdrawal and its status.
 */
export function WithdrawPage() {
  const me = useQuery({ ...meQuery, staleTime: 0, refetchOnMount: 'always' })
  const types = useQuery(redemptionTypesQuery)
  if (me.isPending || types.isPending) return <Loading />
  if (me.isError) return <Alert>{me.error.message}</Alert>
  if (types.isError) return <Alert>{types.error.message}</Alert>
  return (
    <div className={styles.page} data-testid="withdraw-page">
      <PageHead
        title="Withdraw"
        subtitle={
          <>
            Winnings <strong data-testid="withdraw-winnings">{formatMoney(me.data.winning_balance)}</strong>{' '}
            can be withdrawn. <Link to="/help/redemptions">Limits and fees</Link>
          </>
        }
      />
      {me.data.is_current_user_allowed_to_redeem ? (
        <WithdrawForm me={me.data} types={types.data} />
      ) : (
        <NotAllowed me={me.data} types={types.data} />
      )}
      <History />
    </div>
  )
}

function NotAllowed({ me, types }: { me: Me; types: RedemptionType[] }) {
  const steps = verificationSteps(me).filter((step) => step.state !== 'done')
  const needsPayout = steps.some((s) => s.key === 'bank') && steps.some((s) => s.key === 'upi')
  return (
    <Card>
      <Alert tone="info">
        <span data-testid="withdraw-blocked">Complete these checks before your first withdrawal.</span>
      </Alert>
      <ul className={withdraw.checklist}>
        {steps
          .filter((s) => (s.key === 'bank' || s.key === 'upi' ? needsPayout : true))
          .map((step) => (
            <li key={step.key}>
              <StatusChip
                tone={step.state === 'pending' ? 'wait' : step.state === 'rejected' ? 'bad' : 'none'}
              >
                {STATE_LABEL[step.state]}
              </StatusChip>
              <span>{step.label}</span>
              <Link to={step.to}>{step.state === 'pending' ? 'View' : 'Verify'}</Link>
            </li>
          ))}
      </ul>
      {needsPayout ? <p className={styles.small}>A bank account or a UPI id is enough.</p> : null}
      <TypeCards types={types} selected={null} onSelect={() => {}} disabled />
    </Card>
  )
}

function TypeCards({
  types,
  selected,
  onSelect,
  disabled,
}: {
  types: RedemptionType[]
  selected: number | null
  onSelect: (id: number) => void
  disabled?: boolean
}) {
  return (
    <fieldset className={withdraw.types} aria-label="Withdraw to">
      {types.map((type) => (
        <button
          key={type.id}
          type="button"
          className={withdraw.type}
          aria-pressed={selected === type.id}
          disabled={disabled}
          onClick={() => onSelect(type.id)}
          data-testid={`type-${type.code}`}
        >
          <strong>{type.name}</strong>
          <span>Minimum {formatMoney(type.min_amount)}</span>
          <span>{type.fee > 0 ? `Fee ${formatMoney(type.fee)}` : 'No fee'}</span>
          {type.daily_limit !== null ? <span>Up to {formatMoney(type.daily_limit)} a day</span> : null}
        </button>
      ))}
    </fieldset>
  )
}

/** Asks for a withdrawal of `rupees` by the type picked; `onRequested` clears the form. */
function useRedeem(rupees: number | null, typeId: number | null, onRequested: () => void) {
  const client = useQueryClient()
  // One key per request: a double submit, or a retry after a lost answer, withdraws once.
  const [key, setKey] = useState(newIdempotencyKey)
  return useMutation({
    meta: { silent: true },
    mutationFn: () => requestRedemption({ amount: rupees ?? 0, redemption_type_id: typeId ?? 0 }, key),
    onSuccess: async () => {
      onRequested()
      setKey(newIdempotencyKey())
      await refreshBalances(client)
    },
    // Refused: the next try is a new request. Unreachable: retrying with the same key is safe.
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 0)) setKey(newIdempotencyKey())
    },
  })
}

function WithdrawForm({ me, types }: { me: Me; types: RedemptionType[] }) {
  const [typeId, setTypeId] = useState<number | null>(types[0]?.id ?? null)
  const [amount, setAmount] = useState('')
  const [local, setLocal] = useState<string | null>(null)
  const type = types.find((t) => t.id === typeId) ?? null
  const rupees = parseRupees(amount)
  const redeem = useRedeem(rupees, typeId, () => setAmount(''))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!type) return setLocal('Pick bank or UPI')
    if (rupees === null || rupees <= 0) return setLocal('Enter rupees with at most two decimals')
    setLocal(null)
    redeem.mutate()
  }
  const total = rupees !== null && type ? (Math.round(rupees * 100) + Math.round(type.fee * 100)) / 100 : null
  const hint = amountHint(type, rupees, total, me.winning_balance)
  const serverError =
    redeem.error instanceof ApiError && !redeem.error.isValidation ? redeem.error.message : null
  return (
    <Card>
      <form onSubmit={submit} noValidate>
        {redeem.isSuccess ? (
          <Alert tone="notice">
            <span data-testid="withdraw-requested">
              Requested {formatMoney(redeem.data.redemption.amount)} to {redeem.data.redemption.destination}.
              It is pending until we approve it; {formatMoney(redeem.data.redemption.total_debited)} is held
              from your winnings.
            </span>
          </Alert>
        ) : null}
        {serverError ? (
          <Alert>
            <span data-testid="withdraw-error">{serverError}</span>
          </Alert>
        ) : null}
        <TypeCards types={types} selected={typeId} onSelect={setTypeId} />
        <div className={styles.amountInput}>
          <TextField
            label="Amount to receive (₹)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value.replace(/[^\d.]/g, ''))
              // A refusal was about the amount that was sent: a new amount clears it.
              if (redeem.isError) redeem.reset()
            }}
            errors={local ? [local] : fieldErrorsOf(redeem.error).amount}
            hint={hint ?? undefined}
          />
        </div>
        <Breakdown type={type} rupees={rupees} total={total} />
        <Button type="submit" variant="gold" block busy={redeem.isPending} data-testid="withdraw-submit">
          Withdraw
        </Button>
      </form>
    </Card>
  )
}

function History() {
  const list = useQuery(redemptionsQuery)
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>Your withdrawals</h2>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : list.data.length === 0 ? (
        <EmptyState title="No withdrawals yet" />
      ) : (
        <ul className={styles.entries} data-testid="redemptions">
          {list.data.map((r) => (
            <RedemptionRow key={r.id} redemption={r} />
          ))}
        </ul>
      )}
    </section>
  )
}

function RedemptionRow({ redemption: r }: { redemption: Redemption }) {
  return (
    <li className={styles.entry} data-testid="redemption-row" data-status={r.status}>
      <span className={styles.entryText}>
        <strong>
          {r.redemption_type.name} · {r.destination}
        </strong>
        <time dateTime={new Date(r.created_at_in_millis).toISOString()}>
          {formatDateTime(r.created_at_in_millis)}
        </time>
        {r.reason ? <span className={styles.small}>{r.reason}</span> : null}
      </span>
      <span className={styles.entryMoney}>
        <strong>{formatMoney(r.amount)}</strong>
        <StatusChip tone={toneOf(r.status)}>{r.status}</StatusChip>
      </span>
    </li>
  )
}

/** What arrives, the fee and what leaves the winnings. */
function Breakdown({
  type,
  rupees,
  total,
}: {
  type: RedemptionType | null
  rupees: number | null
  total: number | null
}) {
  return (
    <>
      {type ? (
        <dl className={withdraw.breakdown} data-testid="withdraw-breakdown">
          <dt>You receive</dt>
          <dd className={withdraw.arrives} data-testid="withdraw-receive">
            {rupees ? formatMoney(rupees) : '—'}
          </dd>
          <dt>Fee</dt>
          <dd data-testid="withdraw-fee">{type.fee > 0 ? formatMoney(type.fee) : 'Free'}</dd>
          <dt>Taken from winnings</dt>
          <dd data-testid="withdraw-total">{rupees && total !== null ? formatMoney(total) : '—'}</dd>
        </dl>
      ) : null}
    </>
  )
}

/** Why the amount cannot go (under the minimum, or more than the winnings), or null. */
function amountHint(
  type: RedemptionType | null,
  rupees: number | null,
  total: number | null,
  winnings: number,
): string | null {
  return type && rupees !== null && rupees > 0
    ? rupees < type.min_amount
      ? `The minimum ${type.name} withdrawal is ${formatMoney(type.min_amount)}`
      : total !== null && total > winnings
        ? `That needs ${formatMoney(total)} of winnings; you have ${formatMoney(winnings)}`
        : null
    : null
}
