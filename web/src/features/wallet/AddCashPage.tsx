import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Card, PageHead } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { formatMoney } from '../../lib/format'
import { meQuery } from '../../lib/me'
import { depositAmountError, QUICK_AMOUNTS } from './amount'
import { createCredit, type Gateway } from './api'
import pay from './payment.module.css'
import styles from './wallet.module.css'

/** `/add-cash?amount=`: how much to add (₹10 to ₹10,000), with quick amounts. */
export function AddCashPage() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const me = useQuery(meQuery)
  const [amount, setAmount] = useState(search.get('amount') ?? '')
  const [touched, setTouched] = useState(false)
  const error = depositAmountError(amount)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (error) return
    navigate(`/add-cash/payment-options?amount=${encodeURIComponent(amount.trim())}`)
  }
  return (
    <div className={styles.page} data-testid="add-cash-page">
      <PageHead
        title="Add cash"
        subtitle={me.data ? `Current balance ${formatMoney(me.data.current_balance)}` : undefined}
      />
      <Card>
        <form onSubmit={submit} noValidate>
          <div className={styles.amountInput}>
            <TextField
              label="Amount (₹)"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
              onBlur={() => setTouched(true)}
              errors={touched && error ? [error] : undefined}
              hint="From ₹10 to ₹10,000 at a time"
            />
          </div>
          <fieldset className={styles.quick} aria-label="Quick amounts">
            {QUICK_AMOUNTS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={amount === String(value)}
                data-testid={`quick-${value}`}
                onClick={() => {
                  setAmount(String(value))
                  setTouched(false)
                }}
              >
                {formatMoney(value)}
              </button>
            ))}
          </fieldset>
          <Button type="submit" variant="gold" block data-testid="add-cash-submit">
            {error ? 'Add cash' : `Add ${formatMoney(Number(amount))}`}
          </Button>
        </form>
      </Card>
      <p className={styles.small} style={{ marginTop: 12 }}>
        The money lands in your unused balance as soon as the payment succeeds. See{' '}
        <Link to="/help/wallet">how the wallet works</Link>.
      </p>
    </div>
  )
}

const GATEWAYS: Array<{ id: Gateway; name: string; detail: string; logo: string; className: string }> = [
  {
    id: 'paytm',
    name: 'Paytm',
    detail: 'Wallet, UPI and cards',
    logo: 'Paytm',
    className: pay.paytm ?? '',
  },
  {
    id: 'payumoney',
    name: 'PayUMoney',
    detail: 'Cards and net banking',
    logo: 'PayU',
    className: pay.payu ?? '',
  },
]

/**
 * `/add-cash/payment-options?amount=`: pick a gateway. Creating the credit answers the
 * gateway page's address, and the browser goes there to pay (or fail).
 */
export function PaymentOptionsPage() {
  const [search] = useSearchParams()
  const amount = (search.get('amount') ?? '').trim()
  const invalid = depositAmountError(amount)
  const create = useMutation({
    mutationFn: (gateway: Gateway) => createCredit({ enter_amount: Number(amount), gateway }),
    meta: { silent: true },
    onSuccess: ({ user_credit }) => {
      const url = user_credit.payment_data?.url
      if (url) window.location.assign(url)
    },
  })
  if (invalid)
    return (
      <div className={styles.page}>
        <PageHead title="Payment options" />
        <Alert>{invalid}.</Alert>
        <ButtonLink to={`/add-cash?amount=${encodeURIComponent(amount)}`} variant="secondary">
          Change the amount
        </ButtonLink>
      </div>
    )
  const fields = fieldErrorsOf(create.error)
  const amountErrors = fields.enter_amount ?? fields.amount
  const other = unplacedError(create.error, ['enter_amount', 'amount'])
  return (
    <div className={styles.page} data-testid="payment-options">
      <PageHead title="Payment options" />
      <div className={styles.summary}>
        <span>Amount to add</span>
        <strong data-testid="pay-amount">{formatMoney(Number(amount))}</strong>
      </div>
      {amountErrors ? <Alert>{amountErrors.join(', ')}</Alert> : null}
      {other ? <Alert>{other}</Alert> : null}
      {create.error && !amountErrors && !other ? <Alert>{create.error.message}</Alert> : null}
      <ul className={pay.options}>
        {GATEWAYS.map((gateway) => (
          <li key={gateway.id}>
            <button
              type="button"
              className={pay.option}
              data-testid={`gateway-${gateway.id}`}
              disabled={create.isPending || create.isSuccess}
              onClick={() => create.mutate(gateway.id)}
            >
              <span className={`${pay.logo} ${gateway.className}`}>{gateway.logo}</span>
              <span className={styles.linkText}>
                <strong>{gateway.name}</strong>
                <span>
                  {create.isPending && create.variables === gateway.id
                    ? 'Opening the payment page..'
                    : gateway.detail}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Link to={`/add-cash?amount=${encodeURIComponent(amount)}`}>Change the amount</Link>
    </div>
  )
}
