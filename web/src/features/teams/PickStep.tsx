import { useState } from 'react'
import type { RoleTab, TeamPlayer } from '../../../../server/domain/team-rules'
import type { WorkingTeam } from '../../../../server/domain/working-team'
import boxed from '../../components/boxed-list.module.css'
import type { Player } from '../matches'
import { FilterChips, Needs, PlayerRow, RoleTabs, useVerdicts } from './PickStepParts'
import pick from './pick.module.css'
import { tabHeadline } from './rules'

type Sort = 'credits' | 'points'

/** A per-fixture team filter (championship phases: "DEL vs JAI" keeps those sides' players). */
export interface TeamFilter {
  id: number
  text: string
  team_ids: number[]
}
/** The client's own pseudo-filter (reference §2.6): only the players already selected. */
export const SELECTED_FILTER: TeamFilter = { id: -1, text: 'SEL', team_ids: [] }

/**
 * The player picker: role tabs per sport, what the team still needs (the balance flags),
 * and every player with a + or −. A player the rules would refuse is greyed out with the
 * reason `canAdd` gives (the same rules the server applies).
 */
export function PickStep({
  team,
  players,
  pool,
  tabs,
  sport,
  onToggle,
  filters,
}: {
  team: WorkingTeam
  players: Player[]
  pool: TeamPlayer[]
  tabs: RoleTab[]
  sport: string
  onToggle: (player: Player) => void
  /** Team filters to offer above the list (the championship builder's); SEL is added to them. */
  filters?: TeamFilter[]
}) {
  const [tabKey, setTabKey] = useState(tabs[0]?.key ?? '')
  const [filterId, setFilterId] = useState<number | null>(null)
  const [sort, setSort] = useState<Sort>('credits')
  const verdicts = useVerdicts(team, pool)
  const tab = tabs.find((t) => t.key === tabKey) ?? tabs[0]
  const teamSize = team.selected_players_count + team.players_needed
  const offered = filters ? [...filters, SELECTED_FILTER] : []
  const filter = offered.find((f) => f.id === filterId) ?? null
  const passes = (p: Player) =>
    !filter ||
    (filter.id === SELECTED_FILTER.id
      ? team.selected_players.includes(p.id)
      : filter.team_ids.includes(p.team.id))
  const shown = players
    // SEL shows the whole team across every role; other filters keep the role tab.
    .filter((p) => (filter?.id === SELECTED_FILTER.id || !tab || tab.styles.includes(p.style)) && passes(p))
    .sort(bySort(sort))
  return (
    <>
      <RoleTabs tabs={tabs} tab={tab} team={team} onPick={setTabKey} />
      <FilterChips offered={offered} filterId={filterId} onPick={setFilterId} />
      <Needs team={team} tabs={tabs} />
      <div className={pick.listHead}>
        <span className={pick.headline}>{tab ? tabHeadline(tab, teamSize, tabs.length === 1) : ''}</span>
        <button
          type="button"
          className={pick.sortToggle}
          onClick={() => setSort(sort === 'credits' ? 'points' : 'credits')}
        >
          Sort: {sort === 'credits' ? 'Credits' : 'Points'}
        </button>
      </div>
      {team.players_needed === 0 ? (
        <p className={pick.full}>Your team is full: remove a player to pick another.</p>
      ) : null}
      <div className={pick.columns} aria-hidden="true">
        <span>Players</span>
        <span>Points</span>
        <span>Credits</span>
        <span />
      </div>
      <ul className={boxed.list} data-testid="player-list" data-sport={sport}>
        {shown.map((p) => (
          <PlayerRow key={p.id} p={p} team={team} verdicts={verdicts} onToggle={onToggle} />
        ))}
      </ul>
    </>
  )
}

/** Credits first (then points), or points first (then credits); highest first. */
const bySort = (sort: Sort) => (a: Player, b: Player) =>
  sort === 'credits'
    ? b.value_tenths - a.value_tenths || b.last_series_score - a.last_series_score
    : b.last_series_score - a.last_series_score || b.value_tenths - a.value_tenths
