import { GATEWAY_NAMES, type Gateway, MERCHANT_NAME } from './gateway'

/**
 * The simulated gateways' pages: plain server-rendered HTML with inline styles only (the
 * CSP allows no inline script and there is none), no CDN, usable without JavaScript.
 */

const THEMES: Record<Gateway, { brand: string; accent: string; ink: string }> = {
  paytm: { brand: '#002e6e', accent: '#00baf2', ink: '#ffffff' },
  payumoney: { brand: '#2b2f33', accent: '#a5c336', ink: '#ffffff' },
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  )
}

/** ₹1,234.50 with Indian grouping, from integer paise (no float touches the amount). */
const rupees = (paise: number) =>
  `₹${Math.trunc(paise / 100).toLocaleString('en-IN')}.${String(paise % 100).padStart(2, '0')}`

/** A page that names no gateway (a bare `/gateway` address): plain colours, no brand. */
const PLAIN = { brand: '#1b1a5e', accent: '#8fd3ff', ink: '#ffffff' }

function layout(gateway: Gateway | null, title: string, body: string): string {
  const t = gateway ? THEMES[gateway] : PLAIN
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${gateway ? GATEWAY_NAMES[gateway] : 'Payment gateway'} (simulated)</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #eef2f7; color: #1d2733; }
  header { background: ${t.brand}; color: ${t.ink}; padding: 14px 20px; display: flex; justify-content: space-between; align-items: center; }
  header .logo { font-weight: 800; font-size: 22px; letter-spacing: .5px; }
  header .logo span { color: ${t.accent}; }
  header .sim { font-size: 12px; opacity: .8; border: 1px solid currentColor; border-radius: 10px; padding: 1px 8px; }
  main { max-width: 440px; margin: 32px auto; padding: 0 16px; }
  .card { background: #fff; border-radius: 12px; box-shadow: 0 2px 12px rgba(0,0,0,.08); padding: 24px; }
  h1 { font-size: 18px; margin: 0 0 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: #5b6875; } dd { margin: 0; text-align: right; font-weight: 600; word-break: break-all; }
  .amount { font-size: 28px; font-weight: 800; text-align: center; margin: 8px 0 20px; }
  .buttons { display: flex; gap: 12px; }
  button, .button { flex: 1; font: inherit; font-weight: 700; border: 0; border-radius: 8px; padding: 12px; cursor: pointer; text-align: center; text-decoration: none; display: inline-block; }
  .pay { background: ${t.accent}; color: ${t.brand}; }
  .fail { background: #fff; color: #b3261e; border: 2px solid #b3261e; }
  .back { background: ${t.brand}; color: ${t.ink}; width: 100%; }
  .note { color: #5b6875; font-size: 13px; margin-top: 16px; text-align: center; }
  .status-success { color: #1b7f3b; } .status-failure { color: #b3261e; }
</style>
</head>
<body>
<header><div class="logo">${logo(gateway)}</div><div class="sim">simulated</div></header>
<main><div class="card">
${body}
</div></main>
</body>
</html>`
}

function logo(gateway: Gateway | null): string {
  if (gateway === null) return 'Pay<span>ment</span>'
  return gateway === 'paytm' ? 'pay<span>tm</span>' : 'PayU<span>money</span>'
}

export interface OrderView {
  gateway: Gateway
  orderId: string
  amountPaise: number
}

function orderDetails(o: OrderView): string {
  return `<div class="amount">${rupees(o.amountPaise)}</div>
<dl>
  <dt>Merchant</dt><dd>${escapeHtml(MERCHANT_NAME)}</dd>
  <dt>Order id</dt><dd>${escapeHtml(o.orderId)}</dd>
  <dt>Amount</dt><dd>${rupees(o.amountPaise)}</dd>
</dl>`
}

/** The payment page: the order and the Pay and Fail buttons (a form POST to the same URL). */
export function paymentPage(o: OrderView): string {
  const action = `/gateway/${o.gateway}/${encodeURIComponent(o.orderId)}`
  return layout(
    o.gateway,
    'Complete your payment',
    `<h1>Pay ${escapeHtml(MERCHANT_NAME)}</h1>
${orderDetails(o)}
<form method="post" action="${escapeHtml(action)}" class="buttons">
  <button type="submit" name="outcome" value="pay" class="pay">Pay</button>
  <button type="submit" name="outcome" value="fail" class="fail">Fail</button>
</form>
<p class="note">No money moves: this gateway is simulated by your local Fanspole server.</p>`,
  )
}

/** An order already paid or failed: the result and the way back to the merchant. */
export function finishedPage(o: OrderView & { outcome: 'success' | 'failure'; returnUrl: string }): string {
  const word = o.outcome === 'success' ? 'Payment successful' : 'Payment failed'
  return layout(
    o.gateway,
    word,
    `<h1 class="status-${o.outcome}">${word}</h1>
${orderDetails(o)}
<a class="button back" href="${escapeHtml(o.returnUrl)}">Return to ${escapeHtml(MERCHANT_NAME)}</a>
<p class="note">This order is closed; it cannot be paid or failed again.</p>`,
  )
}

export function problemPage(gateway: Gateway, title: string, message: string): string {
  return layout(gateway, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`)
}

/**
 * A gateway address without an order (or with a gateway that does not exist), opened by hand or
 * from history: what is missing and where a payment starts, not the parameters' field errors.
 */
export function missingOrderPage(gateway: Gateway | null): string {
  return layout(
    gateway,
    'No payment here',
    `<h1>No payment here</h1>
<p>This payment page needs a payment id. A payment starts from Add cash in your wallet, which opens the page of its order.</p>
<a class="button back" href="/add-cash">Start from Add cash</a>
<p class="note">No money moves: this gateway is simulated by your local Fanspole server.</p>`,
  )
}
