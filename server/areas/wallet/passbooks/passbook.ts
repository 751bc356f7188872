import { type Param, prepared, preparedFirst } from '../../../db/prepared'
import type { Executor } from '../../../db/tx'
import { paiseToRupees } from '../../../domain/money'
import type { Page } from '../../../http/paging'
import { type UserCompartment, userAccountCode } from '../../ledger'
import { strSmall } from '../credits/credits'

export const COMPARTMENTS = ['unused', 'winnings', 'coins'] as const satisfies readonly UserCompartment[]

/**
 * A passbook is a view of one ledger account: its entries newest first, each with the
 * running balance after it (`balance_after`, written when the entry was posted), and the
 * transaction's kind and memo. unused and winnings show rupees; coins whole coins.
 */
const accountByCode = preparedFirst((db, $: Param<{ code: string }>) =>
  db.selectFrom('ledger_accounts').select(['id', 'balance']).where('code', '=', $('code')),
)

const entriesPage = prepared((db, $: Param<{ accountId: number; limit: number; offset: number }>) =>
  db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select([
      'e.id',
      'e.transaction_id',
      'e.amount',
      'e.balance_after',
      'e.created_at_ms',
      't.kind',
      't.memo',
    ])
    .where('e.account_id', '=', $('accountId'))
    .orderBy('e.id', 'desc')
    .limit($('limit'))
    .offset($('offset')),
)

const entriesCount = preparedFirst((db, $: Param<{ accountId: number }>) =>
  db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', $('accountId')),
)

/** Each query compiled once (db/prepared.ts): the wallet page reads it on every visit. */
export async function passbook(db: Executor, userId: number, compartment: UserCompartment, page: Page) {
  const account = await accountByCode(db, { code: userAccountCode(userId, compartment) })
  const show = (n: number) => (compartment === 'coins' ? n : paiseToRupees(n))
  if (!account) return { entries: [], balance: 0, total: 0 }
  const accountId = Number(account.id)
  const [rows, count] = await Promise.all([
    entriesPage(db, { accountId, limit: page.per_page, offset: page.offset }),
    entriesCount(db, { accountId }),
  ])
  return {
    balance: show(Number(account.balance)),
    total: Number(count?.n ?? 0),
    entries: rows.map((r) => ({
      id: r.id,
      transaction_id: r.transaction_id,
      amount: show(Number(r.amount)),
      balance: show(Number(r.balance_after)),
      kind: r.kind,
      memo: r.memo,
      created_at_str_small: strSmall(Number(r.created_at_ms)),
      created_at_in_millis: Number(r.created_at_ms),
    })),
  }
}
