import type { Deps } from '../../core/deps'
import { paiseToRupees } from '../../domain/money'
import { notFound } from '../../http/errors'
import type { Page } from '../../http/paging'
import { activitiesPage, type ContestType, normalizeCode, type Viewer, visibleContest } from '../contests'
import { championshipContestByCode, dailyContestByCode } from './queries'

/** A page of a contest's activities, if the viewer may see the contest (a private one: 404 otherwise). */
export async function visibleActivities(
  deps: Deps,
  type: ContestType,
  id: number,
  viewer: Viewer | null,
  inviteCode: string | undefined,
  page: Page,
) {
  await visibleContest(deps.db, type, id, viewer, inviteCode)
  return activitiesPage(deps.db, type, id, page)
}

type Card = { id: number; name: string; entry_fee_paise: number | string; members_limit: number }

/** A contest an invite code opens, as the card the join page shows. */
function cardOf(
  row: Card & { members_count: number; is_private: number; status: string },
  where: {
    contest_type: 'contest' | 'championship_contest'
    match_id: number | null
    phase_id: number | null
  },
) {
  return {
    id: row.id,
    ...where,
    name: row.name,
    entry_fee: paiseToRupees(Number(row.entry_fee_paise)),
    members_limit: row.members_limit,
    members_count: row.members_count,
    is_private: row.is_private === 1,
    contest_status: row.status,
  }
}

/** The contest an invite code opens, daily or championship (case does not matter); 404 for a wrong code. */
export async function contestByInviteCode(deps: Deps, typed: string) {
  const code = normalizeCode(typed)
  const daily = await dailyContestByCode(deps.db, code)
  if (daily) return cardOf(daily, { contest_type: 'contest', match_id: daily.match_id, phase_id: null })
  const phase = await championshipContestByCode(deps.db, code)
  if (!phase) throw notFound('Contest')
  return cardOf(phase, { contest_type: 'championship_contest', match_id: null, phase_id: phase.phase_id })
}
