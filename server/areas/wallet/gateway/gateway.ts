import { createHmac, timingSafeEqual } from 'node:crypto'
import { serverSecret } from '../../../db/server-secrets'
import type { Executor } from '../../../db/tx'

/**
 * The simulated payment gateways' signatures. Each gateway signs its callback with
 * HMAC-SHA256 under a key derived from the server's gateway secret, which is generated
 * (32 random bytes) the first time it is needed and kept in `app_settings`: nothing a client
 * can read or guess, and it survives restarts so a callback signed before one still verifies.
 */

export const GATEWAYS = ['paytm', 'payumoney'] as const
export type Gateway = (typeof GATEWAYS)[number]

export const GATEWAY_NAMES: Record<Gateway, string> = { paytm: 'Paytm', payumoney: 'PayUMoney' }
export const MERCHANT_NAME = 'Fanspole Local'

/** The server's gateway secret (hex), created once (at `nowMs`, game time). */
export function gatewaySecret(db: Executor, nowMs = 0): Promise<string> {
  return serverSecret(db, 'gateway_secret', nowMs)
}

/**
 * The signature of a callback: HMAC-SHA256 (hex) of its fields sorted by name, one
 * `name=value` per line, keyed per gateway so one gateway's signature never passes for the other's.
 */
export function sign(secret: string, gateway: Gateway, fields: Record<string, string>): string {
  const key = createHmac('sha256', secret).update(`gateway:${gateway}`).digest()
  const text = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n')
  return createHmac('sha256', key).update(text).digest('hex')
}

export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A short tag of an id under the secret: makes order ids unguessable without the secret. */
export function tagOf(secret: string, label: string): string {
  return createHmac('sha256', secret).update(label).digest('hex').slice(0, 8).toUpperCase()
}

/** Paise as a gateway writes amounts: "500.00". */
export function gatewayAmount(paise: number): string {
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`
}

export type Outcome = 'success' | 'failure'

/** What the gateway knows about a finished payment. */
export interface GatewayResult {
  gateway: Gateway
  orderId: string
  txnId: string
  amountPaise: number
  outcome: Outcome
}

export const RESPONSE_MESSAGES: Record<Outcome, string> = {
  success: 'Txn Success',
  failure: 'Payment declined by the payer',
}

/**
 * The signed query the gateway sends the browser back with (docs/wallet.md):
 * Paytm `/paytm/payment?ORDERID&TXNID&TXNAMOUNT&STATUS&RESPMSG&CHECKSUMHASH`,
 * PayUMoney `/payumoney/success|failure?txnid&mihpayid&amount&status&hash`.
 */
export function callbackFor(
  secret: string,
  r: GatewayResult,
): { path: string; params: Record<string, string> } {
  if (r.gateway === 'paytm') {
    const fields = {
      ORDERID: r.orderId,
      TXNID: r.txnId,
      TXNAMOUNT: gatewayAmount(r.amountPaise),
      STATUS: r.outcome === 'success' ? 'TXN_SUCCESS' : 'TXN_FAILURE',
      RESPMSG: RESPONSE_MESSAGES[r.outcome],
    }
    return { path: '/paytm/payment', params: { ...fields, CHECKSUMHASH: sign(secret, 'paytm', fields) } }
  }
  const fields = {
    txnid: r.orderId,
    mihpayid: r.txnId,
    amount: gatewayAmount(r.amountPaise),
    status: r.outcome,
  }
  return {
    path: r.outcome === 'success' ? '/payumoney/success' : '/payumoney/failure',
    params: { ...fields, hash: sign(secret, 'payumoney', fields) },
  }
}

export function callbackUrl(callback: { path: string; params: Record<string, string> }): string {
  return `${callback.path}?${new URLSearchParams(callback.params).toString()}`
}
