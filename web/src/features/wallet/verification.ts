import type { Me } from '../../lib/me'

/**
 * The four identity checks behind `is_current_user_allowed_to_redeem` (DESIGN §5: mobile and
 * PAN approved, and a bank account or UPI id on file), as rows the wallet and the withdraw
 * page show with links to the page that completes each.
 */
export type StepState = 'done' | 'pending' | 'rejected' | 'todo'

export interface VerificationStep {
  key: 'mobile' | 'pan' | 'bank' | 'upi'
  label: string
  to: string
  state: StepState
  detail: string
  /** Bank or UPI when the other one is on file: either is enough to withdraw. */
  optional: boolean
}

export function verificationSteps(me: Me): VerificationStep[] {
  const pan: StepState =
    me.pancard_status === 'approved'
      ? 'done'
      : me.pancard_status === 'pending'
        ? 'pending'
        : me.pancard_status === 'rejected'
          ? 'rejected'
          : 'todo'
  const bank: StepState = !me.bank_details ? 'todo' : me.bank_details.verified ? 'done' : 'pending'
  const upi = me.bhim_upi?.upi_str ?? null
  const payoutOnFile = bank === 'done' || upi !== null
  const steps: Array<Omit<VerificationStep, 'optional'>> = [
    {
      key: 'mobile',
      label: 'Mobile number',
      to: '/wallet/verify-mobile',
      state: me.mobile_approved ? 'done' : 'todo',
      detail: me.mobile_approved && me.mobile_no ? me.mobile_no : 'Verify with a one-time password',
    },
    {
      key: 'pan',
      label: 'PAN card',
      to: '/wallet/verify-pan-card',
      state: pan,
      detail: {
        done: 'Approved',
        pending: 'Submitted, waiting for review',
        rejected: 'Rejected: submit it again',
        todo: 'Name, number, date of birth and a photo',
      }[pan],
    },
    {
      key: 'bank',
      label: 'Bank account',
      to: '/wallet/verify-bank-account',
      state: bank,
      detail: me.bank_details
        ? [me.bank_details.bank_name, `••••${me.bank_details.account_number.slice(-4)}`]
            .filter(Boolean)
            .join(' · ')
        : 'For bank transfers (₹200 or more)',
    },
    {
      key: 'upi',
      label: 'UPI id',
      to: '/wallet/verify-upi',
      state: upi ? 'done' : 'todo',
      detail: upi ?? 'For UPI transfers (₹100 or more)',
    },
  ]
  return steps.map((step) => ({
    ...step,
    optional: (step.key === 'bank' || step.key === 'upi') && step.state === 'todo' && payoutOnFile,
  }))
}

export const STATE_LABEL: Record<StepState, string> = {
  done: 'Verified',
  pending: 'Pending',
  rejected: 'Rejected',
  todo: 'Not done',
}
