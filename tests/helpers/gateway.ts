import type { Deps } from '../../server/core/deps'
import type { client } from './http'

type Api = ReturnType<typeof client>

/**
 * The simulated gateway driven like a browser: press Pay or Fail on the gateway page and
 * read the signed callback off the 303 redirect to the web client.
 */
export async function pressGateway(api: Api, paymentUrl: string, outcome: 'pay' | 'fail') {
  const res = await api.call('POST', paymentUrl, {
    raw: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  })
  if (res.status !== 303) throw new Error(`gateway answered ${res.status}: ${JSON.stringify(res.body)}`)
  const location = new URL(res.headers.get('location') as string, 'http://fanspole.test')
  return {
    path: location.pathname,
    params: Object.fromEntries(location.searchParams) as Record<string, string>,
  }
}

/** The verify call the web client's result page makes for a gateway. */
export const verifyPath = (gateway: string) =>
  gateway === 'paytm' ? '/api/user_credits/verify_paytm' : '/api/user_credits/verify_payu_paisa'

/** A whole deposit: create, press Pay (or Fail), verify. Returns the verify answer. */
export async function deposit(
  api: Api,
  token: string,
  enterAmount: number,
  options: { gateway?: 'paytm' | 'payumoney'; outcome?: 'pay' | 'fail' } = {},
) {
  const gateway = options.gateway ?? 'paytm'
  const created = await api.post('/api/user_credits', { enter_amount: enterAmount, gateway }, token)
  if (created.status !== 201) throw new Error(`deposit refused: ${JSON.stringify(created.body)}`)
  const callback = await pressGateway(
    api,
    created.body.user_credit.payment_data.url,
    options.outcome ?? 'pay',
  )
  return api.put(verifyPath(gateway), callback.params, token)
}

/** A Paytm deposit row straight into the table, as the add-cash flow leaves it (nothing credited); its id. */
export async function depositRow(
  deps: Deps,
  userId: number,
  paise: number,
  o: { orderId: string; status?: 'success' | 'failed' },
) {
  const now = deps.clock.now()
  const row = await deps.db
    .insertInto('user_credits')
    .values({
      user_id: userId,
      amount: paise,
      gateway: 'paytm',
      status: o.status ?? 'failed',
      order_id: o.orderId,
      created_at_ms: now,
      updated_at_ms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
