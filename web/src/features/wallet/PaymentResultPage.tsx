import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Card, Loading } from '../../components/Common'
import { ApiError } from '../../lib/api'
import { formatMoney } from '../../lib/format'
import { meQuery } from '../../lib/me'
import { usePageTitle } from '../../lib/page-title'
import { creditsQuery, type Gateway, isPaid, refreshBalances, type UserCredit, verifyCredit } from './api'
import pay from './payment.module.css'
import styles from './wallet.module.css'

/** Where the simulated gateways send the browser back (docs/wallet.md, step 2). */
export const PaytmResultPage = () => <PaymentResultPage gateway="paytm" />
export const PayuSuccessPage = () => <PaymentResultPage gateway="payumoney" />
export const PayuFailurePage = () => <PaymentResultPage gateway="payumoney" />

/**
 * Hands the gateway's signed fields, unchanged, to the verify call; only its answer says
 * whether money arrived (a tampered or replayed callback is refused and credits nothing).
 * Reloading the page replays the callback: the server refuses it, and the page shows what
 * the first verify settled instead.
 */
function PaymentResultPage({ gateway }: { gateway: Gateway }) {
  usePageTitle('Payment', 'Wallet')
  const [search] = useSearchParams()
  const fields = Object.fromEntries(search.entries())
  const order = fields.ORDERID ?? fields.txnid
  // Opened by hand or from history without the gateway's fields: nothing to confirm.
  if (!order) return <NoPayment />
  return <PaymentResult gateway={gateway} fields={fields} order={order} />
}

/** A result page with no payment in its address: say so and where to start, not the 422's fields. */
function NoPayment() {
  return (
    <div className={styles.page}>
      <Card className={pay.result}>
        <div data-testid="payment-missing">
          <span className={`${pay.resultIcon} ${styles.bad}`} aria-hidden="true">
            ?
          </span>
          <h1 className={pay.resultTitle}>No payment to show</h1>
          <p className={styles.muted}>
            This payment page needs a payment id — the gateway adds it when it sends you back. Start from Add
            cash.
          </p>
          <div className={pay.actions}>
            <ButtonLink to="/add-cash" data-testid="start-add-cash">
              Add cash
            </ButtonLink>
            <ButtonLink to="/wallet" variant="secondary">
              Wallet
            </ButtonLink>
          </div>
        </div>
      </Card>
    </div>
  )
}

function PaymentResult({
  gateway,
  fields,
  order,
}: {
  gateway: Gateway
  fields: Record<string, string>
  order: string
}) {
  const client = useQueryClient()
  const verify = useMutation({
    mutationFn: () => verifyCredit(gateway, fields),
    meta: { silent: true },
    onSettled: () => refreshBalances(client),
  })
  // Once per visit: the callback is single-use, a second verify of it is a replay.
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    verify.mutate()
  }, [verify])
  const replayed = verify.error instanceof ApiError && verify.error.code === 'PAYMENT_REPLAYED'
  const credits = useQuery({ ...creditsQuery, enabled: replayed, meta: { silent: true } })
  const settled =
    verify.data?.user_credit ?? (replayed ? credits.data?.find((c) => c.order_id === order) : undefined)
  const paid = settled ? isPaid(settled) : false
  const me = useQuery({ ...meQuery, enabled: paid })

  if (verify.isIdle || verify.isPending || (replayed && credits.isPending))
    return <Loading label="Confirming your payment.." />
  const amount = settled?.amount ?? Number(fields.TXNAMOUNT ?? fields.amount)
  return (
    <div className={styles.page}>
      <Card className={pay.result}>
        <div data-testid="payment-result" data-status={paid ? 'success' : 'failure'}>
          <span className={`${pay.resultIcon} ${paid ? styles.ok : styles.bad}`} aria-hidden="true">
            {paid ? '✓' : '!'}
          </span>
          <h1 className={pay.resultTitle}>{paid ? 'Payment successful' : 'Payment failed'}</h1>
          {paid ? (
            <p className={styles.muted}>
              {formatMoney(amount)} {replayed ? 'was' : 'has been'} added to your unused balance.
            </p>
          ) : (
            <p className={styles.muted} data-testid="payment-error">
              {failureText(settled, verify.error, fields)} No money was added.
            </p>
          )}
          {replayed ? (
            <p className={styles.small} data-testid="payment-replayed">
              This payment was already confirmed; nothing was added twice.
            </p>
          ) : null}
          <PaymentFacts amount={amount} order={order} gateway={gateway} paid={paid} me={me} />
          <ResultActions paid={paid} amount={amount} />
        </div>
      </Card>
    </div>
  )
}

function failureText(
  credit: UserCredit | undefined,
  error: Error | null,
  fields: Record<string, string>,
): string {
  if (credit?.failure_reason) return sentence(credit.failure_reason)
  if (error && !(error instanceof ApiError && error.code === 'PAYMENT_REPLAYED'))
    return sentence(`We could not confirm this payment: ${error.message}`)
  return fields.RESPMSG ? sentence(fields.RESPMSG) : 'The payment was not completed.'
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`)

/** Play or see the passbook after a payment; try again or back to the wallet after a failure. */
function ResultActions({ paid, amount }: { paid: boolean; amount: number }) {
  return (
    <div className={pay.actions}>
      {paid ? (
        <>
          <ButtonLink to="/contests" data-testid="play-now">
            Play now
          </ButtonLink>
          <ButtonLink to="/wallet/unused-passbook" variant="secondary" data-testid="to-passbook">
            Passbook
          </ButtonLink>
        </>
      ) : (
        <>
          <ButtonLink
            to={Number.isFinite(amount) ? `/add-cash?amount=${amount}` : '/add-cash'}
            data-testid="try-again"
          >
            Try again
          </ButtonLink>
          <ButtonLink to="/wallet" variant="secondary">
            Wallet
          </ButtonLink>
        </>
      )}
    </div>
  )
}

/** The amount, the order, the gateway and (once paid) the new balances. */
function PaymentFacts({
  amount,
  order,
  gateway,
  paid,
  me,
}: {
  amount: number
  order: string | undefined
  gateway: Gateway
  paid: boolean
  me: { data?: { unused_balance: number; current_balance: number } }
}) {
  return (
    <dl className={pay.facts}>
      {Number.isFinite(amount) ? (
        <>
          <dt>Amount</dt>
          <dd>{formatMoney(amount)}</dd>
        </>
      ) : null}
      {order ? (
        <>
          <dt>Order</dt>
          <dd data-testid="payment-order">{order}</dd>
        </>
      ) : null}
      <dt>Paid with</dt>
      <dd>{gateway === 'paytm' ? 'Paytm' : 'PayUMoney'}</dd>
      {paid && me.data ? (
        <>
          <dt>Unused balance</dt>
          <dd data-testid="new-unused-balance">{formatMoney(me.data.unused_balance)}</dd>
          <dt>Current balance</dt>
          <dd data-testid="new-balance">{formatMoney(me.data.current_balance)}</dd>
        </>
      ) : null}
    </dl>
  )
}
