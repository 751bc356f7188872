import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Card, EmptyState, Loading } from '../../components/Common'
import { Alert, TextAreaField, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { ApiError } from '../../lib/api'
import { formatDay, formatMoney } from '../../lib/format'
import { LOGIN_PATH } from '../../lib/paths'
import { useSignedIn } from '../../lib/use-session'
import { claimRefund, creditsQuery, type RefundClaim, refundClaimsQuery, type UserCredit } from './api'
import { formatDateTime, StatusChip, toneOf } from './bits'
import styles from './wallet.module.css'

type About = 'deposit' | 'contest' | 'other'

/** The form of /help/claim-refund: what it is about and why; answered by POST /api/claim_refunds. */
export function ClaimRefundForm() {
  const signedIn = useSignedIn()
  return (
    <div className={styles.embed}>{signedIn ? <ClaimForm /> : <SignInFirst what="claim a refund" />}</div>
  )
}

// Long: one form whose fields share its state and its local and server errors; its sections are already apart.
function ClaimForm() {
  const client = useQueryClient()
  const [search] = useSearchParams()
  const credits = useQuery({ ...creditsQuery, meta: { silent: true } })
  const [about, setAbout] = useState<About>(search.get('contest_id') ? 'contest' : 'deposit')
  const [creditId, setCreditId] = useState(search.get('user_credit_id') ?? '')
  const [contestId, setContestId] = useState(search.get('contest_id') ?? '')
  const [reason, setReason] = useState('')
  const [local, setLocal] = useState<Record<string, string[]>>({})
  const claim = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      claimRefund({
        reason: reason.trim(),
        ...(about === 'deposit' && creditId ? { user_credit_id: Number(creditId) } : {}),
        ...(about === 'contest' && contestId ? { contest_id: Number(contestId) } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: refundClaimsQuery.queryKey }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems: Record<string, string[]> = {}
    if (reason.trim().length < 10) problems.reason = ['is too short (minimum is 10 characters)']
    if (about === 'deposit' && !creditId) problems.user_credit_id = ['pick the payment']
    if (about === 'contest' && !/^\d+$/.test(contestId.trim()))
      problems.contest_id = ['enter the contest number']
    setLocal(problems)
    if (Object.keys(problems).length === 0) claim.mutate()
  }
  if (claim.isSuccess) return <ClaimSent id={claim.data.claim_refund.id} onAnother={() => claim.reset()} />
  const server = fieldErrorsOf(claim.error)
  const errorsOf = (field: string) => local[field] ?? server[field]
  const other = unplacedError(claim.error, ['reason', 'user_credit_id', 'contest_id'])
  return (
    <Card>
      <form onSubmit={submit} noValidate data-testid="claim-refund-form">
        {other ? <Alert>{other}</Alert> : null}
        {claim.error instanceof ApiError && !claim.error.isValidation ? (
          <Alert>{claim.error.message}</Alert>
        ) : null}
        <AboutPicker about={about} onPick={setAbout} />
        {about === 'deposit' ? (
          <PaymentSelect
            credits={credits}
            value={creditId}
            onChange={setCreditId}
            errors={errorsOf('user_credit_id')}
          />
        ) : null}
        {about === 'contest' ? (
          <TextField
            label="Contest number"
            name="contest_id"
            inputMode="numeric"
            value={contestId}
            onChange={(e) => setContestId(e.target.value.replace(/\D/g, ''))}
            errors={errorsOf('contest_id')}
            hint="The number in the contest's address, /contests/…"
          />
        ) : null}
        <TextAreaField
          label="What went wrong?"
          name="reason"
          value={reason}
          maxLength={1000}
          onChange={(e) => {
            setReason(e.target.value)
            if (local.reason) setLocal(({ reason: _, ...rest }) => rest)
          }}
          errors={errorsOf('reason')}
          hint="At least 10 characters: what happened and when."
        />
        <Button type="submit" block busy={claim.isPending} data-testid="claim-refund-submit">
          Claim refund
        </Button>
      </form>
    </Card>
  )
}

/** The answer once a claim is in: its number, where to follow it, or another claim. */
function ClaimSent({ id, onAnother }: { id: number; onAnother: () => void }) {
  return (
    <Card>
      <Alert tone="notice">
        <span data-testid="refund-claimed">Claim #{id} received. We answer within 2 working days.</span>
      </Alert>
      <div className={styles.formActions}>
        <ButtonLink to="/help/refund-status">See its status</ButtonLink>
        <Button variant="ghost" onClick={onAnother}>
          Claim another
        </Button>
      </div>
    </Card>
  )
}

function AboutPicker({ about, onPick }: { about: About; onPick: (about: About) => void }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>What is it about?</legend>
      <div className={styles.quick}>
        {(
          [
            ['deposit', 'A payment'],
            ['contest', 'A contest'],
            ['other', 'Something else'],
          ] as const
        ).map(([value, label]) => (
          <button key={value} type="button" aria-pressed={about === value} onClick={() => onPick(value)}>
            {label}
          </button>
        ))}
      </div>
    </fieldset>
  )
}

/** The payment a deposit claim is about, from the player's own deposits. */
function PaymentSelect({
  credits,
  value,
  onChange,
  errors,
}: {
  credits: { isPending: boolean; data?: UserCredit[] }
  value: string
  onChange: (id: string) => void
  errors: string[] | undefined
}) {
  const deposits = credits.data ?? []
  return (
    <div className={styles.field}>
      <label className={styles.legend} htmlFor="refund-credit">
        Payment
      </label>
      <select
        id="refund-credit"
        name="user_credit_id"
        className={styles.select}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(errors) || undefined}
      >
        <option value="">{credits.isPending ? 'Loading your payments..' : 'Pick a payment'}</option>
        {deposits.map((c) => (
          <option key={c.id} value={c.id}>
            {formatMoney(c.amount)} · {c.order_id} · {c.status} · {formatDay(c.created_at_in_millis)}
          </option>
        ))}
      </select>
      {errors ? <p className={styles.fieldError}>{errors?.join(', ')}</p> : null}
      {!credits.isPending && deposits.length === 0 ? (
        <span className={styles.small}>You have not added cash yet.</span>
      ) : null}
    </div>
  )
}

/** The list of /help/refund-status: every claim and where it stands. */
export function RefundStatusList() {
  const signedIn = useSignedIn()
  return (
    <div className={styles.embed}>
      {signedIn ? <Claims /> : <SignInFirst what="see your refund claims" />}
    </div>
  )
}

function Claims() {
  const claims = useQuery(refundClaimsQuery)
  if (claims.isPending) return <Loading />
  if (claims.isError) return <Alert>{claims.error.message}</Alert>
  if (claims.data.length === 0)
    return (
      <EmptyState title="No refund claims">
        <p>
          Something went wrong with a payment or a contest?{' '}
          <Link to="/help/claim-refund">Claim a refund</Link>.
        </p>
      </EmptyState>
    )
  return (
    <ul className={styles.entries} data-testid="refund-claims">
      {claims.data.map((claim) => (
        <ClaimRow key={claim.id} claim={claim} />
      ))}
    </ul>
  )
}

function ClaimRow({ claim }: { claim: RefundClaim }) {
  const about = claim.user_credit_id
    ? `Payment #${claim.user_credit_id}`
    : claim.contest_id
      ? `Contest #${claim.contest_id}`
      : 'General'
  return (
    <li className={styles.entry} data-testid="refund-claim" data-status={claim.status}>
      <span className={styles.entryText}>
        <strong>
          #{claim.id} · {about}
        </strong>
        <span className={styles.small}>{claim.reason}</span>
        {claim.resolution ? (
          <span className={styles.muted} data-testid="refund-claim-resolution">
            {claim.status === 'rejected' ? 'Not accepted: ' : 'Our answer: '}
            {claim.resolution}
          </span>
        ) : null}
        <time dateTime={new Date(claim.created_at_in_millis).toISOString()}>
          {formatDateTime(claim.created_at_in_millis)}
        </time>
      </span>
      <span className={styles.entryMoney}>
        {claim.amount !== null ? (
          <strong data-testid="refund-claim-amount">
            {claim.status === 'refunded'
              ? `Refunded ${formatMoney(claim.amount)}`
              : formatMoney(claim.amount)}
          </strong>
        ) : null}
        <StatusChip tone={toneOf(claim.status)}>{claim.status}</StatusChip>
      </span>
    </li>
  )
}

function SignInFirst({ what }: { what: string }) {
  return (
    <Alert tone="info">
      <span>
        <Link to={LOGIN_PATH}>Log in</Link> to {what}.
      </span>
    </Alert>
  )
}
