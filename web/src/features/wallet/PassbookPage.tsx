import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { NavLink, useSearchParams } from 'react-router'
import { EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { LoadMoreRow } from '../../components/LoadMore'
import { formatMoney, formatNumber } from '../../lib/format'
import { meQuery } from '../../lib/me'
import { type PassbookEntry, type PassbookKind, passbookQuery } from './api'
import { formatDateTime } from './bits'
import styles from './wallet.module.css'

const TITLES: Record<PassbookKind, string> = {
  unused: 'Unused passbook',
  winnings: 'Winnings passbook',
  coins: 'Coins passbook',
}
const EMPTY: Record<PassbookKind, string> = {
  unused: 'Money you add, refunds and cash rewards will show up here.',
  winnings: 'Prizes you win and withdrawals will show up here.',
  coins: 'Coins from scratch cards and referrals, and auction charges, will show up here.',
}

/** Words for ledger kinds the server may send without a memo. */
const KIND_WORDS: Record<string, string> = {
  deposit: 'Added cash',
  admin_credit: 'Credit from Fanspole',
  contest_entry: 'Contest entry',
  esports_entry: 'Esports entry',
  esports_refund: 'Esports refund',
  esports_prize: 'Esports winnings',
  esports_correction: 'Esports correction',
  contest_refund: 'Contest refund',
  contest_prizes: 'Contest prize',
  redemption_hold: 'Withdrawal requested',
  redemption_paid: 'Withdrawal paid',
  redemption_rejected: 'Withdrawal returned',
  scratch_card: 'Scratch card reward',
  referral_bonus: 'Referral bonus',
  auction_charge: 'Auction charge',
  auction_charge_refund: 'Auction charge returned',
}

export const UnusedPassbookPage = () => <PassbookPage kind="unused" />
export const WinningsPassbookPage = () => <PassbookPage kind="winnings" />
export const CoinsPassbookPage = () => <PassbookPage kind="coins" />

/** A compartment's ledger entries, newest first, each with the balance after it. */
function PassbookPage({ kind }: { kind: PassbookKind }) {
  const list = useInfiniteQuery(passbookQuery(kind))
  // A money notification opens its row: `?txn=<ledger transaction id>` (docs/notifications.md).
  const marked = Number(useSearchParams()[0].get('txn')) || null
  // The balances move with the passbook: keep the header's cached balance in step.
  const me = useQuery({ ...meQuery, staleTime: 0, refetchOnMount: 'always' })
  const coins = kind === 'coins'
  const show = (value: number) => (coins ? `${formatNumber(value)} coins` : formatMoney(value))
  const balance = me.data
    ? { unused: me.data.unused_balance, winnings: me.data.winning_balance, coins: me.data.coin_balance }[kind]
    : list.data?.pages[0]?.balance

  return (
    <div className={styles.page} data-testid={`passbook-${kind}`}>
      <PageHead
        title={TITLES[kind]}
        subtitle={
          balance === undefined ? undefined : (
            <span data-testid="passbook-balance">Balance {show(balance)}</span>
          )
        }
      />
      <nav className={styles.switcher} aria-label="Passbooks">
        <NavLink to="/wallet/unused-passbook">Unused</NavLink>
        <NavLink to="/wallet/winnings-passbook">Winnings</NavLink>
        <NavLink to="/wallet/coins-passbook">Coins</NavLink>
      </nav>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert>{list.error.message}</Alert>
      ) : (
        <Entries
          entries={list.data.pages.flatMap((p) => p.passbook_entries)}
          kind={kind}
          show={show}
          marked={marked}
        />
      )}
      <LoadMoreRow pages={list} className={styles.more} />
    </div>
  )
}

function Entries({
  entries,
  kind,
  show,
  marked,
}: {
  entries: PassbookEntry[]
  kind: PassbookKind
  show: (value: number) => string
  marked: number | null
}) {
  if (entries.length === 0) return <EmptyState title="Nothing here yet">{EMPTY[kind]}</EmptyState>
  return (
    <ul className={styles.entries} data-testid="passbook-entries">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={styles.entry}
          data-testid="passbook-entry"
          aria-current={entry.transaction_id === marked ? 'true' : undefined}
          ref={entry.transaction_id === marked ? scrollIntoView : undefined}
        >
          <span className={styles.entryText}>
            <strong>{describe(entry)}</strong>
            <time dateTime={new Date(entry.created_at_in_millis).toISOString()}>
              {formatDateTime(entry.created_at_in_millis)}
            </time>
          </span>
          <span className={styles.entryMoney}>
            <strong className={entry.amount > 0 ? styles.plus : styles.minus} data-testid="entry-amount">
              {entry.amount > 0 ? '+' : '−'}
              {show(Math.abs(entry.amount))}
            </strong>
            <span data-testid="entry-balance">Balance {show(entry.balance)}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}

const scrollIntoView = (row: HTMLLIElement | null) => row?.scrollIntoView({ block: 'center' })

function describe(entry: PassbookEntry): string {
  return entry.memo || KIND_WORDS[entry.kind] || entry.kind.replace(/_/g, ' ')
}
