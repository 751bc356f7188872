import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { CLIENT_ID } from '../../lib/api'
import { data, http, type Schema } from '../../lib/client'
import { meQuery } from '../../lib/me'
import { accessToken } from '../../lib/session'

/** Verification (KYC): mobile OTP, PAN with a photo, bank account, UPI ids. */
export type Attachment = Schema<'Attachment'>
export type BankDetails = Schema<'BankDetails'>
export type Upi = Schema<'BhimUpi'>

export type PanCard = Schema<'PanCard'>

export const sendOtp = (mobile: string) =>
  data(
    http.POST('/api/mobile_numbers', {
      body: {
        mobile_number: mobile,
      },
    }),
  )

export const verifyOtp = (mobile: string, otp: string) =>
  data(
    http.POST('/api/mobile_numbers/verify_otp', {
      body: {
        mobile_number: mobile,
        otp,
      },
    }),
  )

export const panCardQuery = queryOptions({
  queryKey: ['wallet', 'kyc', 'pan'],
  queryFn: async () => (await data(http.GET('/api/me/pan_card'))).pan_card,
  staleTime: 0,
})

export const savePan = (body: { name: string; pan_number: string; dob: string; attachment_id: number }) =>
  data(http.PUT('/api/me/save_pan', { body }))

/** POST /api/attachments as form data (`file`); the server checks size and that it is an image. */
export async function uploadAttachment(file: File): Promise<Attachment> {
  const answer = await data(
    http.POST('/api/attachments', {
      // The generated type writes a binary field as a string; the form carries the File itself.
      body: { file: file as unknown as string },
      bodySerializer: () => {
        const form = new FormData()
        form.append('file', file)
        return form
      },
    }),
  )
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
  queryFn: async () => (await data(http.GET('/api/me/user_bank_details'))).bank_details,
  staleTime: 0,
})

export const saveBankDetails = (body: {
  account_holder: string
  account_number: string
  ifsc: string
  bank_name?: string
}) => data(http.POST('/api/me/verify_bank_details', { body }))

export const upisQuery = queryOptions({
  queryKey: ['wallet', 'kyc', 'upis'],
  queryFn: async () => (await data(http.GET('/api/bhim_upis'))).bhim_upis,
  staleTime: 0,
})

export const addUpi = (upi: string) => data(http.POST('/api/bhim_upis', { body: { upi_str: upi } }))
export const activateUpi = (id: number) =>
  data(http.POST('/api/bhim_upis/{id}/activate', { params: { path: { id } } }))

/** A verification step changed what the me answer says (statuses, redeem permission). */
export async function refreshKyc(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: meQuery.queryKey }),
    client.invalidateQueries({ queryKey: ['wallet', 'kyc'] }),
    client.invalidateQueries({ queryKey: ['wallet', 'redeem'] }),
  ])
}
