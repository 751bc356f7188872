import { queryOptions } from '@tanstack/react-query'
import { data, http, type Schema } from '../../lib/client'

/** Spec §7 "Other" on the people side: the partner programme and the waitlist (docs/social.md). */
export type PartnerProgram = Schema<'PartnerProgram'>

export const partnerProgramQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: ['partner-program', signedIn],
    queryFn: async () => (await data(http.GET('/api/partner_program'))).partner_program,
    staleTime: 60_000,
  })

export const waitlistQuery = queryOptions({
  queryKey: ['waitlist'],
  queryFn: async () => (await data(http.GET('/api/waitlist'))).waitlist,
  staleTime: 60_000,
})
