/**
 * Identity-check rules shared by the server (authority), the web forms and the CLI:
 * formats of a mobile number, PAN, bank account, IFSC and UPI id, what makes a user allowed
 * to withdraw, and which uploads count as images.
 */

/** An Indian mobile number: 10 digits starting 6–9 (a +91 / 0 prefix and spaces are tolerated). */
export const MOBILE_RULE = 'must be a 10-digit Indian mobile number'
export function normaliseMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '').replace(/^(\+91|0091|0)(?=\d{10}$)/, '')
  return /^[6-9]\d{9}$/.test(digits) ? digits : null
}

/** Six digits, the first may be 0. */
export const OTP_PATTERN = /^\d{6}$/
export const OTP_TTL_MS = 10 * 60_000
export const OTP_MAX_ATTEMPTS = 5
/** Sends per user within OTP_SEND_WINDOW_MS. */
export const OTP_SEND_LIMIT = 3
export const OTP_SEND_WINDOW_MS = 10 * 60_000

/** PAN: five letters, four digits, one letter (`ABCDE1234F`). */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/
export const PAN_RULE = 'must look like ABCDE1234F (5 letters, 4 digits, 1 letter)'

/** IFSC: four letters, a zero, six letters or digits (`HDFC0001234`). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/
export const IFSC_RULE = 'must look like HDFC0001234 (4 letters, 0, 6 letters or digits)'
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/
export const ACCOUNT_NUMBER_RULE = 'must be 9 to 18 digits'

/** A UPI id: `name@bank` (letters, digits, dot, dash, underscore before the @; a handle after). */
export const UPI_PATTERN = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/
export const UPI_RULE = 'must look like name@bank'

/** Account number shown with only its last four digits. */
export function maskAccountNumber(accountNumber: string): string {
  return `${'X'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`
}

export interface RedeemFacts {
  mobileApproved: boolean
  pancardStatus: string
  hasBankDetails: boolean
  hasActiveUpi: boolean
}

/** Spec §6: redemption needs mobile and PAN approved and somewhere to send the money. */
export function isAllowedToRedeem(f: RedeemFacts): boolean {
  return f.mobileApproved && f.pancardStatus === 'approved' && (f.hasBankDetails || f.hasActiveUpi)
}

/** What is still missing before a user may redeem, in the order a user fixes it. */
export function missingForRedeem(f: RedeemFacts): string[] {
  const missing: string[] = []
  if (!f.mobileApproved) missing.push('a verified mobile number')
  if (f.pancardStatus !== 'approved') missing.push('an approved PAN')
  if (!f.hasBankDetails && !f.hasActiveUpi) missing.push('bank details or an active UPI id')
  return missing
}

export const MAX_ATTACHMENT_BYTES = 2 * 1024 * 1024
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp'
export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}

/**
 * The image type from the file's first bytes, whatever the upload's header claims: PNG
 * signature, JPEG SOI + marker, or a RIFF container of type WEBP. Anything else is null.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (bytes.length >= 4 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp'
  return null
}
