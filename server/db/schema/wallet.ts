import type { Generated } from 'kysely'

// Wallet: money in integer paise, times in epoch ms.

export type CreditStatus = 'pending' | 'success' | 'failed'

/** A deposit through a simulated gateway (spec "User credit"). */
export interface UserCreditsTable {
  id: Generated<number>
  user_id: number
  amount: number
  /** `paytm` | `payumoney` */
  gateway: string
  status: Generated<CreditStatus>
  /** Ours, sent to the gateway; unique. */
  order_id: string
  /** The gateway's transaction id from a verified callback; unique (a replay is refused). */
  gateway_txn_id: string | null
  ledger_transaction_id: number | null
  failure_reason: string | null
  created_at_ms: number
  updated_at_ms: number
}

/** A one-time password sent to the local outbox for a mobile number. */
export interface MobileOtpsTable {
  id: Generated<number>
  user_id: number
  mobile_no: string
  code_hash: string
  attempts: Generated<number>
  expires_at_ms: number
  verified_at_ms: number | null
  created_at_ms: number
}

/** An uploaded file on local disk (PAN photos). Soft-deleted, restorable. */
export interface AttachmentsTable {
  id: Generated<number>
  user_id: number
  file_name: string
  content_type: string
  size: number
  storage_path: string
  deleted_at_ms: number | null
  created_at_ms: number
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected'

/** A PAN submission; the latest one is the user's `pancard_status`. */
export interface PanCardsTable {
  id: Generated<number>
  user_id: number
  full_name: string
  /** AAAAA9999A */
  number: string
  /** YYYY-MM-DD */
  dob: string
  attachment_id: number | null
  status: Generated<ReviewStatus>
  reason: string | null
  decided_by_id: number | null
  decided_at_ms: number | null
  created_at_ms: number
}

/** The user's bank account for withdrawals (one per user). */
export interface BankDetailsTable {
  id: Generated<number>
  user_id: number
  account_holder: string
  account_number: string
  ifsc: string
  bank_name: string | null
  created_at_ms: number
  updated_at_ms: number
}

/** A UPI id of the user's; at most one is active. */
export interface BhimUpisTable {
  id: Generated<number>
  user_id: number
  upi_str: string
  active: Generated<number>
  created_at_ms: number
}

/** How winnings can be withdrawn: `bank` (min ₹200) and `upi` (min ₹100, fee ₹10, ₹10,000 a day). */
export interface RedemptionTypesTable {
  id: Generated<number>
  code: string
  name: string
  min_amount: number
  fee: number
  daily_limit: number | null
  sort: Generated<number>
}

/** A withdrawal request: held from winnings when made, paid out on approval, returned on rejection. */
export interface RedemptionsTable {
  id: Generated<number>
  user_id: number
  redemption_type_id: number
  amount: number
  fee: Generated<number>
  status: Generated<ReviewStatus>
  /** Where the money goes: a masked account or the UPI id. */
  destination: string
  hold_transaction_id: number
  settle_transaction_id: number | null
  reason: string | null
  decided_by_id: number | null
  decided_at_ms: number | null
  created_at_ms: number
}

/** A refund claim from the help pages. */
export interface ClaimRefundsTable {
  id: Generated<number>
  user_id: number
  user_credit_id: number | null
  contest_id: number | null
  amount: number | null
  reason: string
  /** `pending` | `refunded` | `rejected` */
  status: Generated<string>
  resolution: string | null
  created_at_ms: number
  updated_at_ms: number
}

/** A scratch card: its reward is drawn when it is earned, revealed and credited when claimed. */
export interface ScratchCardsTable {
  id: Generated<number>
  user_id: number
  /** `contest_join` | `referral` | `referred` */
  source: string
  /** What earned it (unique: a join or a referral earns one card, once). */
  source_key: string
  /** `cash` (paise, to unused) | `coins` | `none` */
  reward_kind: string
  reward_amount: Generated<number>
  claimed_at_ms: number | null
  ledger_transaction_id: number | null
  created_at_ms: number
}

/** The simulated gateway's record of an order paid or failed on its page (migration 007). */
export interface GatewayPaymentsTable {
  id: Generated<number>
  user_credit_id: number
  /** `paytm` | `payumoney` */
  gateway: string
  /** The gateway's transaction id (Paytm TXNID, PayU mihpayid); unique. */
  txn_id: string
  amount: number
  /** `success` | `failure` */
  status: string
  created_at_ms: number
}

export interface WalletTables {
  user_credits: UserCreditsTable
  mobile_otps: MobileOtpsTable
  attachments: AttachmentsTable
  pan_cards: PanCardsTable
  bank_details: BankDetailsTable
  bhim_upis: BhimUpisTable
  redemption_types: RedemptionTypesTable
  redemptions: RedemptionsTable
  claim_refunds: ClaimRefundsTable
  scratch_cards: ScratchCardsTable
  gateway_payments: GatewayPaymentsTable
}
