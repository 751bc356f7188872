import { Link } from 'react-router'
import { Card, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatMoney } from '../../lib/format'
import type { Verified } from './api'
import styles from './create.module.css'

/**
 * The bill and the prize table for the draft, as the server computes them (`verify`), kept
 * on screen while the next answer is on its way so the numbers do not flicker.
 */
export function BillPanel({
  verified,
  pending,
  invalid,
  incomplete = false,
  failure,
  payment = true,
}: {
  verified: Verified | undefined
  pending: boolean
  /** The draft has field errors: the table is of the last valid draft, or none. */
  invalid: boolean
  /** The draft is not complete enough to ask the server about yet (ready.ts). */
  incomplete?: boolean
  failure: string | null
  /** Creating: what the creator pays now. An edit charges or refunds only a fee difference. */
  payment?: boolean
}) {
  const short = payment ? -Math.min(0, verified?.bill.balance_after ?? 0) : 0
  return (
    <Card className={styles.bill}>
      <h2 className={styles.cardTitle}>
        Prize pool and bill {pending ? <span className={styles.updating}>updating…</span> : null}
      </h2>
      {failure ? <Alert>{failure}</Alert> : null}
      {invalid ? (
        <p className={styles.muted} data-testid="bill-invalid">
          {incomplete
            ? 'Pick what the contest is on and fill in its name, fee and size to see the prizes.'
            : 'Fix the marked fields to see the prizes.'}
        </p>
      ) : null}
      {!verified && pending ? <Loading label="Working out the prizes…" /> : null}
      {verified && !invalid ? (
        <>
          <BillRows verified={verified} payment={payment} />
          {short > 0 ? (
            <Alert tone="notice">
              Your balance is {formatMoney(short)} short.{' '}
              <Link to={`/add-cash?amount=${Math.ceil(short)}`}>Add cash</Link>
            </Alert>
          ) : null}
          {!verified.access.allowed ? (
            <Alert tone="notice">
              <span data-testid="access-missing">
                {verified.access.missing.map((m) => m.message).join(' ')}
              </span>{' '}
              <Link to="/contests/create/contest-requirement">What is needed</Link>
            </Alert>
          ) : null}
          <PrizeTable verified={verified} />
          <p className={styles.muted}>
            {verified.winners} {verified.winners === 1 ? 'winner' : 'winners'}; tied ranks share their prizes.
          </p>
        </>
      ) : null}
    </Card>
  )
}

/** Each rank's share and prize. */
function PrizeTable({ verified }: { verified: Verified }) {
  return (
    <table className={styles.prizeTable} data-testid="prize-table">
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Share</th>
          <th scope="col">Prize</th>
        </tr>
      </thead>
      <tbody>
        {verified.prizes.map((p) => (
          <tr key={p.from}>
            <td>{p.rank_text}</td>
            <td>{p.percent}%</td>
            <td>{formatMoney(p.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Fee times spots, the house's share, the pool, and (creating) what is paid now. */
function BillRows({ verified, payment }: { verified: Verified; payment: boolean }) {
  return (
    <dl className={styles.billRows} data-testid="bill">
      <div>
        <dt>Entry fee × spots</dt>
        <dd>
          {formatMoney(verified.bill.entry_fee)} × {verified.bill.members_limit}
        </dd>
      </div>
      <div>
        <dt>Fanspole’s share ({verified.bill.rake_percent}%)</dt>
        <dd>{formatMoney(verified.bill.rake)}</dd>
      </div>
      <div className={styles.billTotal}>
        <dt>Prize pool</dt>
        <dd data-testid="bill-pool">{formatMoney(verified.bill.prize_pool)}</dd>
      </div>
      {payment ? (
        <>
          <div>
            <dt>You pay now</dt>
            <dd data-testid="bill-you-pay">{formatMoney(verified.bill.you_pay)}</dd>
          </div>
          <div>
            <dt>Balance after</dt>
            <dd className={(verified.bill.balance_after ?? 0) < 0 ? styles.negative : undefined}>
              {verified.bill.balance_after === null ? '—' : formatMoney(verified.bill.balance_after)}
            </dd>
          </div>
        </>
      ) : null}
    </dl>
  )
}
