import { z } from '@hono/zod-openapi'
import {
  ACCOUNT_NUMBER_PATTERN,
  ACCOUNT_NUMBER_RULE,
  IFSC_PATTERN,
  IFSC_RULE,
  MOBILE_RULE,
  normaliseMobile,
  PAN_PATTERN,
  PAN_RULE,
  UPI_PATTERN,
  UPI_RULE,
} from '../../../domain/kyc-rules'
import { idField } from '../../../http/ids'
import { orNull } from '../../../http/responses'

/** Request and answer shapes of verification, attachments and payout methods. */

export { idParam } from '../../../http/ids'

export const mobileNumber = z
  .string()
  .transform((v, ctx) => {
    const mobile = normaliseMobile(v)
    if (!mobile) ctx.addIssue({ code: 'custom', message: MOBILE_RULE })
    return mobile ?? ''
  })
  .openapi({ type: 'string', example: '9876543210' })

export const SendOtpRequest = z.strictObject({ mobile_number: mobileNumber }).openapi('SendOtpRequest')
export const VerifyOtpRequest = z
  .strictObject({
    mobile_number: mobileNumber,
    otp: z.string().trim().min(1).openapi({ example: '123456' }),
  })
  .openapi('VerifyOtpRequest')

const upper = (pattern: RegExp, rule: string, example: string) =>
  z.string().trim().toUpperCase().regex(pattern, rule).openapi({ example })

export const SavePanRequest = z
  .strictObject({
    name: z.string().trim().min(2).max(100).openapi({ example: 'Virat Kohli' }),
    pan_number: upper(PAN_PATTERN, PAN_RULE, 'ABCDE1234F'),
    dob: z.string().trim().openapi({ example: '1995-04-21' }),
    attachment_id: idField().openapi({ type: 'integer', description: 'An image you uploaded' }),
  })
  .openapi('SavePanRequest')

export const BankRequest = z
  .strictObject({
    account_holder: z.string().trim().min(2).max(100).openapi({ example: 'Virat Kohli' }),
    account_number: z
      .string()
      .trim()
      .regex(ACCOUNT_NUMBER_PATTERN, ACCOUNT_NUMBER_RULE)
      .openapi({ example: '001234567890' }),
    ifsc: upper(IFSC_PATTERN, IFSC_RULE, 'HDFC0001234'),
    bank_name: z.string().trim().min(2).max(100).optional(),
  })
  .openapi('BankDetailsRequest')

export const UpiRequest = z
  .strictObject({
    upi_str: z
      .string()
      .trim()
      .toLowerCase()
      .regex(UPI_PATTERN, UPI_RULE)
      .openapi({ example: 'virat@okhdfc' }),
  })
  .openapi('UpiRequest')

export const AttachmentSchema = z
  .object({
    id: z.number().int(),
    attachment_id: z.number().int(),
    url: z.string(),
    file_name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    deleted: z.boolean(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('Attachment')

export const BankDetailsSchema = z
  .object({
    id: z.number().int(),
    account_holder: z.string(),
    account_number: z.string().openapi({ description: 'Masked: only the last 4 digits show' }),
    ifsc: z.string(),
    bank_name: z.string().nullable(),
    verified: z.boolean(),
    updated_at_in_millis: z.number().int(),
  })
  .openapi('BankDetails')

export const UpiSchema = z
  .object({
    id: z.number().int(),
    upi_str: z.string(),
    active: z.boolean(),
    created_at_in_millis: z.number().int(),
  })
  .openapi('BhimUpi')

export const PanCardSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    name: z.string(),
    pan_number: z.string(),
    dob: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    reason: z.string().nullable(),
    attachment: orNull(AttachmentSchema),
    created_at_in_millis: z.number().int(),
    decided_at_in_millis: z.number().int().nullable(),
  })
  .openapi('PanCard')
