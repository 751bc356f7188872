import type { Api } from '../api'
import { CliError } from '../errors'
import { httpCall } from '../http-call'
import type { TriggerContext, TriggerResult } from './types'

// payment.* and kyc.*: what a gateway and a KYC reviewer do, through the routes they use
// (docs/wallet.md): the player's add-cash order, the simulated gateway's signed result
// handed to the verify call as the web client does, the admin's PAN decision.

interface Credit {
  id: number
  order_id: string
  status: string
  amount: number
  txn_id?: string | null
  failure_reason?: string | null
  payment_data: { url: string } | null
}

interface Me {
  id: number
  username: string
  email: string
  unused_balance: number
  winning_balance: number
  current_balance: number
  pancard_status?: string | null
}

const VERIFY_PATH = { paytm: 'verify_paytm', payumoney: 'verify_payu_paisa' } as const

const me = async (api: Api) => (await api.get<{ user: Me }>('/api/me')).user
const who = (user: Me) => `${user.username} <${user.email}>`

/** The gateway's answer to a press of Pay or Fail: the signed callback the web client verifies. */
async function pressGateway(server: string, url: string, outcome: 'pay' | 'fail') {
  const res = await httpCall(`${server}${url}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
      'x-fanspole-client': 'cli',
    },
    body: `outcome=${outcome}`,
    timeoutMs: 60_000,
  })
  if (res.status !== 200)
    throw new CliError(
      `The gateway refused the ${outcome} press (HTTP ${res.status}): ${res.text.slice(0, 200)}`,
    )
  return (JSON.parse(res.text) as { params: Record<string, string> }).params
}

/** payment.succeeded / failed / pending: one add-cash order of the player at a gateway. */
export async function triggerPayment(
  ctx: TriggerContext,
  outcome: 'succeeded' | 'failed' | 'pending',
): Promise<TriggerResult> {
  const { player, opts } = ctx
  const user = await me(player)
  const { user_credit: created } = await player.post<{ user_credit: Credit }>('/api/user_credits', {
    enter_amount: opts.amount,
    gateway: opts.gateway,
  })
  let credit = created
  if (outcome !== 'pending') {
    const url = created.payment_data?.url
    if (!url) throw new CliError(`Credit ${created.id} came without a gateway page to pay on`)
    const params = await pressGateway(player.server, url, outcome === 'succeeded' ? 'pay' : 'fail')
    credit = (
      await player.put<{ user_credit: Credit }>(`/api/user_credits/${VERIFY_PATH[opts.gateway]}`, params)
    ).user_credit
  }
  const after = await me(player)
  const rupees = `₹${opts.amount}`
  const lines = {
    succeeded: `${rupees} paid at ${opts.gateway} by ${who(user)} and verified: credit ${credit.id} is ${credit.status}`,
    failed: `${rupees} failed at ${opts.gateway} for ${who(user)}: credit ${credit.id} is ${credit.status} (${credit.failure_reason ?? 'no reason'})`,
    pending: `${rupees} ordered at ${opts.gateway} by ${who(user)} and left unpaid: credit ${credit.id} is ${credit.status} (pay page ${credit.payment_data?.url ?? '—'})`,
  }
  return {
    lines: [
      lines[outcome],
      `order ${credit.order_id}${credit.txn_id ? ` · gateway txn ${credit.txn_id}` : ''}`,
      `${user.username}'s unused balance ₹${user.unused_balance} → ₹${after.unused_balance}`,
    ],
    json: {
      user: { id: user.id, username: user.username },
      user_credit: credit,
      balances: { before: balances(user), after: balances(after) },
    },
  }
}

const balances = (u: Me) => ({
  unused_balance: u.unused_balance,
  winning_balance: u.winning_balance,
  current_balance: u.current_balance,
})

/** A real 1×1 PNG: the PAN photo a trigger submits when the player has no pending PAN. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

interface PanCard {
  id: number
  status: string
  pan_number: string
  reason?: string | null
}

/** The player's pending PAN: the one on file, else one submitted now (a photo and the form). */
async function pendingPan(player: Api, user: Me): Promise<{ pan: PanCard; submitted: boolean }> {
  const current = (await player.get<{ pan_card: PanCard | null }>('/api/me/pan_card')).pan_card
  if (current?.status === 'pending') return { pan: current, submitted: false }
  if (current?.status === 'approved')
    throw new CliError(
      `${who(user)} has an approved PAN already (#${current.id}); an approved PAN is final`,
      {
        code: 'MATCH_STATE',
      },
    )
  const token = await player.validToken()
  const form = new FormData()
  form.append('file', new File([Buffer.from(PNG_1X1, 'base64')], 'pan.png', { type: 'image/png' }))
  const res = await fetch(`${player.server}/api/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-fanspole-client': 'cli', accept: 'application/json' },
    body: form,
  })
  const photo = (await res.json()) as { attachment?: { id: number }; error?: string }
  if (!res.ok || !photo.attachment)
    throw new CliError(`The PAN photo upload was refused (HTTP ${res.status}): ${photo.error ?? ''}`)
  const panNumber = `FPLKY${String(user.id % 10_000).padStart(4, '0')}T`
  const saved = await player.put<{ pan_card: PanCard }>('/api/me/save_pan', {
    name: 'Test Player',
    pan_number: panNumber,
    dob: '1995-01-01',
    attachment_id: photo.attachment.id,
  })
  return { pan: saved.pan_card, submitted: true }
}

/** kyc.approved / kyc.rejected: the admin decides the player's pending PAN (submitting one first if needed). */
export async function triggerKyc(
  ctx: TriggerContext,
  decision: 'approved' | 'rejected',
): Promise<TriggerResult> {
  const { player, admin, opts } = ctx
  const user = await me(player)
  const { pan, submitted } = await pendingPan(player, user)
  const reason = opts.reason ?? 'The PAN photo is unreadable (fanspole trigger)'
  if (decision === 'approved') await admin.post(`/api/admin/kyc/${pan.id}/approve`)
  else await admin.post(`/api/admin/kyc/${pan.id}/reject`, { reason })
  const after = await me(player)
  return {
    lines: [
      `${submitted ? 'submitted and ' : ''}${decision} PAN #${pan.id} (${pan.pan_number}) of ${who(user)}${decision === 'rejected' ? `: ${reason}` : ''}`,
      `${user.username}'s pancard_status ${user.pancard_status ?? 'none'} → ${after.pancard_status ?? 'none'}`,
    ],
    json: {
      user: { id: user.id, username: user.username },
      pan_card: { id: pan.id, pan_number: pan.pan_number, submitted_now: submitted },
      pancard_status: after.pancard_status ?? null,
      ...(decision === 'rejected' ? { reason } : {}),
    },
  }
}
