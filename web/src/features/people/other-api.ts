import { queryOptions } from '@tanstack/react-query'
import { get } from '../../lib/api'

/** Spec §7 "Other" on the people side: the partner programme and the waitlist (docs/social.md). */
export interface PartnerProgram {
  name: string
  commission_percent: number
  benefits: string[]
  steps: string[]
  contact_email: string
  /** Signed in only. */
  referral_code: string | null
  referred_users: number | null
}

export const partnerProgramQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: ['partner-program', signedIn],
    queryFn: async () =>
      (await get<{ partner_program: PartnerProgram }>('/api/partner_program')).partner_program,
    staleTime: 60_000,
  })

export const waitlistQuery = queryOptions({
  queryKey: ['waitlist'],
  queryFn: async () => (await get<{ waitlist: { count: number } }>('/api/waitlist')).waitlist,
  staleTime: 60_000,
})
