import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { attachmentJson, bankDetailsJson, upiJson } from '../../../../server/areas/wallet'
import { CLIENT_ID, get, post, put } from '../../lib/api'
import { meQuery } from '../../lib/me'
import { accessToken } from '../../lib/session'

/** Verification (KYC): mobile OTP, PAN with a photo, bank account, UPI ids. */
export type Attachment = ReturnType<typeof attachmentJson>
export type BankDetails = ReturnType<typeof bankDetailsJson>
export type Upi = ReturnType<typeof upiJson>

export interface PanCard {
  id: number
  name: string
  pan_number: string
  dob: string
  status: 'pending' | 'approved' | 'rejected'
  reason: string | null
  attachment: Attachment | null
  created_at_in_millis: number
  decided_at_in_millis: number | null
}

export const sendOtp = (mobile: string) =>
  post<{ mobile_number: string; otp_sent: boolean; expires_in: number }>('/api/mobile_numbers', {
    mobile_number: mobile,
  })

export const verifyOtp = (mobile: string, otp: string) =>
  post<{ mobile_no: string; mobile_approved: boolean }>('/api/mobile_numbers/verify_otp', {
    mobile_number: mobile,
    otp,
  })

export const panCardQuery = queryOptions({
  queryKey: ['wallet', 'kyc', 'pan'],
  queryFn: async () => (await get<{ pan_card: PanCard | null }>('/api/me/pan_card')).pan_card,
  staleTime: 0,
})

export const savePan = (body: { name: string; pan_number: string; dob: string; attachment_id: number }) =>
  put<{ pan_card: PanCard; pancard_status: string }>('/api/me/save_pan', body)

/** POST /api/attachments as form data (`file`); the server checks size and that it is an image. */
export async function uploadAttachment(file: File): Promise<Attachment> {
  const form = new FormData()
  form.append('file', file)
  const answer = await post<{ attachment: Attachment }>('/api/attachments', form)
  return answer.attachment
}

/**
 * An attachment's image for an <img>: the file route wants the bearer token, which an
 * image request cannot carry, so it is fetched and shown from a blob URL.
 */
export async function attachmentObjectUrl(url: string): Promise<string | null> {
  const token = accessToken()
  const response = await fetch(url, {
    headers: { 'X-Fanspole-Client': CLIENT_ID, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  })
  if (!response.ok) return null
  return URL.createObjectURL(await response.blob())
}

export const bankDetailsQuery = queryOptions({
  queryKey: ['wallet', 'kyc', 'bank'],
  queryFn: async () =>
    (await get<{ bank_details: BankDetails | null }>('/api/me/user_bank_details')).bank_details,
  staleTime: 0,
})

export const saveBankDetails = (body: {
  account_holder: string
  account_number: string
  ifsc: string
  bank_name?: string
}) => post<{ bank_details: BankDetails }>('/api/me/verify_bank_details', body)

export const upisQuery = queryOptions({
  queryKey: ['wallet', 'kyc', 'upis'],
  queryFn: async () => (await get<{ bhim_upis: Upi[] }>('/api/bhim_upis')).bhim_upis,
  staleTime: 0,
})

export const addUpi = (upi: string) => post<{ bhim_upi: Upi }>('/api/bhim_upis', { upi_str: upi })
export const activateUpi = (id: number) => post<{ bhim_upi: Upi }>(`/api/bhim_upis/${id}/activate`)

/** A verification step changed what the me answer says (statuses, redeem permission). */
export async function refreshKyc(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: meQuery.queryKey }),
    client.invalidateQueries({ queryKey: ['wallet', 'kyc'] }),
    client.invalidateQueries({ queryKey: ['wallet', 'redeem'] }),
  ])
}
