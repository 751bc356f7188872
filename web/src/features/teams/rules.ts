import type { RoleTab } from '../../../../server/domain/team-rules'
import type { WorkingTeam } from '../../../../server/domain/working-team'

/** The balance flag behind each role tab's minimum (spec §3 flags; cricket's split roles). */
const TAB_FLAG: Record<string, keyof WorkingTeam> = {
  WK: 'balanced_wk',
  BAT: 'balanced_bat',
  AR: 'balanced_ar',
  BOWL: 'balanced_bowl',
  GK: 'balanced_gk',
  DEF: 'balanced_def',
  MID: 'balanced_mid',
  FWD: 'balanced_fwd',
}

export interface Requirement {
  key: string
  label: string
  met: boolean
  /** "2/4" for a minimum not yet reached. */
  progress: string
}

/** What the team still needs, from the balance flags `validateTeam` computed. */
export function requirements(team: WorkingTeam, tabs: RoleTab[]): Requirement[] {
  const out: Requirement[] = []
  for (const tab of tabs) {
    if (tab.min === undefined) continue
    const flag = TAB_FLAG[tab.key]
    const count = team.role_counts[tab.key] ?? 0
    const met = flag ? Boolean(team[flag]) : count >= tab.min
    out.push({ key: tab.key, label: tab.label, met, progress: `${count}/${tab.min}` })
  }
  if ('balanced_ar_and_bowl' in team)
    out.push({
      key: 'AR+BOWL',
      label: 'AR + BOWL',
      met: Boolean(team.balanced_ar_and_bowl),
      progress: `${(team.role_counts.AR ?? 0) + (team.role_counts.BOWL ?? 0)}/5`,
    })
  if ('balanced_pure_wk' in team && !team.balanced_pure_wk)
    out.push({ key: 'PURE', label: 'Max 1 pure WK', met: false, progress: '' })
  return out
}

/** "Pick 1 wicket-keeper", "Pick 3–5 defenders", "Pick 5 drivers". */
export function tabHeadline(tab: RoleTab, teamSize: number, single: boolean): string {
  const noun = tab.title.toLowerCase()
  if (single) return `Pick ${teamSize} ${noun}`
  if (tab.min === undefined) return `Pick ${noun}`
  if (tab.max === tab.min) return `Pick ${tab.min} ${tab.min === 1 ? noun.replace(/s$/, '') : noun}`
  if (tab.max !== undefined) return `Pick ${tab.min}–${tab.max} ${noun}`
  return `Pick at least ${tab.min} ${tab.min === 1 ? noun.replace(/s$/, '') : noun}`
}
