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
} from '../../domain/kyc-rules'
import { idField } from '../../http/ids'
import { multilineText } from '../../http/text'

/** Request and answer shapes of verification, attachments, withdrawals and refund claims. */

export { idParam } from '../../http/ids'

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

export const RedeemRequest = z
  .strictObject({
    amount: z.union([z.number(), z.string()]).openapi({
      description: 'Rupees to pay out, at most 2 decimals (the fee is added on top)',
      example: 500,
    }),
    redemption_type_id: idField().openapi({ type: 'integer' }),
  })
  .openapi('RedeemRequest')

export const ClaimRefundRequest = z
  .strictObject({
    reason: multilineText().trim().min(10, 'is too short (minimum is 10 characters)').max(1000),
    user_credit_id: idField().optional().openapi({ type: 'integer', description: 'One of your deposits' }),
    contest_id: idField().optional().openapi({ type: 'integer', description: 'A contest you joined' }),
  })
  .openapi('ClaimRefundRequest')

export const ReasonRequest = z
  .strictObject({ reason: multilineText().trim().min(3).max(500) })
  .openapi('ReasonRequest')

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
    attachment: AttachmentSchema.nullable(),
    created_at_in_millis: z.number().int(),
    decided_at_in_millis: z.number().int().nullable(),
  })
  .openapi('PanCard')

export const RedemptionTypeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    min_amount: z.number(),
    fee: z.number(),
    daily_limit: z.number().nullable(),
  })
  .openapi('RedemptionType')

export const RedemptionSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    created_at_in_millis: z.number().int(),
    created_at_str_small: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    amount: z.number(),
    fee: z.number(),
    total_debited: z.number(),
    redemption_type: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    destination: z.string(),
    reason: z.string().nullable(),
    decided_at_in_millis: z.number().int().nullable(),
  })
  .openapi('Redemption')

export const ClaimRefundSchema = z
  .object({
    id: z.number().int(),
    reason: z.string(),
    status: z.string().openapi({ description: '`pending` | `refunded` | `rejected`' }),
    resolution: z
      .string()
      .nullable()
      .openapi({ description: 'The answer once decided (null while pending)' }),
    user_credit_id: z.number().int().nullable(),
    contest_id: z.number().int().nullable(),
    amount: z.number().nullable().openapi({
      description: 'Rupees: the deposit’s amount while pending; once refunded, the amount refunded',
    }),
    created_at_in_millis: z.number().int(),
    created_at_str_small: z.string(),
    updated_at_in_millis: z.number().int(),
    decided_at_in_millis: z.number().int().nullable(),
  })
  .openapi('ClaimRefund')
