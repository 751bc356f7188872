import { expect } from 'vitest'
import type { client } from './http'

/** Helpers for verification and withdrawal tests: images, uploads, OTPs from the outbox, a verified player. */

type Api = ReturnType<typeof client>
type Player = Awaited<ReturnType<Api['player']>>

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
/** JPEG and WebP headers followed by filler: enough for type detection by bytes. */
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)])
export const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x34, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(48, 2),
])

/** POST /api/attachments as multipart form data, like a browser's FormData. */
export async function upload(
  api: Api,
  token: string | undefined,
  bytes: Uint8Array,
  options: { name?: string; type?: string; field?: string; extra?: Record<string, string> } = {},
) {
  const form = new FormData()
  form.append(
    options.field ?? 'file',
    new File([new Uint8Array(bytes)], options.name ?? 'pan.png', { type: options.type ?? 'image/png' }),
  )
  for (const [k, v] of Object.entries(options.extra ?? {})) form.append(k, v)
  const headers: Record<string, string> = { 'x-fanspole-client': 'web' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await api.app.request('/api/attachments.json', { method: 'POST', headers, body: form })
  return { status: res.status, body: (await res.json()) as any }
}

let mobileCounter = 0
/** A fresh valid Indian mobile number per call. */
export function nextMobile(): string {
  mobileCounter++
  return `98${String(10_000_000 + mobileCounter).slice(-8)}`
}

/** The code of the newest OTP sent to `mobile`, read from the outbox as an admin. */
export async function latestOtp(api: Api, adminToken: string, mobile: string): Promise<string> {
  const outbox = await api.get(`/api/admin/outbox?to=${mobile}`, adminToken)
  expect(outbox.status).toBe(200)
  const match = /(\d{6}) is your Fanspole one-time password/.exec(outbox.body.messages[0]?.body ?? '')
  if (!match?.[1]) throw new Error(`no OTP for ${mobile} in ${JSON.stringify(outbox.body)}`)
  return match[1]
}

export async function verifyMobile(api: Api, adminToken: string, player: Player, mobile = nextMobile()) {
  expect((await api.post('/api/mobile_numbers', { mobile_number: mobile }, player.token)).status).toBe(200)
  const otp = await latestOtp(api, adminToken, mobile)
  const ok = await api.post('/api/mobile_numbers/verify_otp', { mobile_number: mobile, otp }, player.token)
  expect(ok.status).toBe(200)
  return mobile
}

export const PAN = { name: 'Virat Kohli', pan_number: 'ABCDE1234F', dob: '1990-11-05' }

/** Uploads a photo and submits the PAN; returns the pan_card. */
export async function submitPan(api: Api, player: Player) {
  const photo = await upload(api, player.token, PNG_1X1)
  expect(photo.status).toBe(201)
  const saved = await api.put(
    '/api/me/save_pan',
    { ...PAN, attachment_id: photo.body.attachment.id },
    player.token,
  )
  expect(saved.status).toBe(200)
  return saved.body.pan_card
}

/** Mobile verified, PAN approved by the admin, and a UPI id (active) or bank details on file. */
export async function verifiedPlayer(
  api: Api,
  adminToken: string,
  options: { upi?: string | false; bank?: boolean } = {},
): Promise<Player> {
  const player = await api.player()
  await verifyMobile(api, adminToken, player)
  const pan = await submitPan(api, player)
  expect((await api.post(`/api/admin/kyc/${pan.id}/approve`, undefined, adminToken)).status).toBe(200)
  if (options.upi !== false) {
    const upi = options.upi ?? `${player.username.toLowerCase()}@okhdfc`
    expect((await api.post('/api/bhim_upis', { upi_str: upi }, player.token)).status).toBe(201)
  }
  if (options.bank) {
    const bank = await api.post(
      '/api/me/verify_bank_details',
      { account_holder: 'Virat Kohli', account_number: '001234567890', ifsc: 'HDFC0001234' },
      player.token,
    )
    expect(bank.status).toBe(201)
  }
  return player
}

/** Gives a player winnings through the admin credit (a ledger posting from the house). */
export async function giveWinnings(api: Api, adminToken: string, userId: number, rupees: number) {
  const credit = await api.post(
    '/api/admin/wallet/credits',
    { user_id: userId, amount: rupees, compartment: 'winnings' },
    adminToken,
  )
  expect(credit.status).toBe(201)
}
