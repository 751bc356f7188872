import { useMemo, useState } from 'react'
import type { RoleTab, TeamPlayer } from '../../../../server/domain/team-rules'
import { type CanAdd, canAdd, type WorkingTeam } from '../../../../server/domain/working-team'
import { CheckIcon, MinusIcon, PlusIcon } from '../../components/Icons'
import { formatNumber } from '../../lib/format'
import type { Player } from '../matches'
import { requirements, tabHeadline } from './rules'
import styles from './teams.module.css'

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
  // Whether each player could join, once per change of the team and only for the players
  // shown (a tab switch reuses what was worked out): with the pool, canAdd searches for a
  // valid completion, some milliseconds per player, and a championship phase has hundreds.
  const verdicts = useMemo(() => {
    const cache = new Map<number, CanAdd>()
    const rules = new Map(pool.map((p) => [p.id, p]))
    return (id: number): CanAdd | null => {
      const player = rules.get(id)
      if (!player) return null
      let verdict = cache.get(id)
      if (!verdict) {
        verdict = canAdd(team, player, pool)
        cache.set(id, verdict)
      }
      return verdict
    }
  }, [team, pool])
  const tab = tabs.find((t) => t.key === tabKey) ?? tabs[0]
  const needs = requirements(team, tabs)
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
    .sort((a, b) =>
      sort === 'credits'
        ? b.value_tenths - a.value_tenths || b.last_series_score - a.last_series_score
        : b.last_series_score - a.last_series_score || b.value_tenths - a.value_tenths,
    )
  return (
    <>
      {tabs.length > 1 ? (
        <div className={styles.roleTabs} role="tablist" aria-label="Roles">
          {tabs.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              aria-selected={t.key === tab?.key}
              className={styles.roleTab}
              onClick={() => setTabKey(t.key)}
              data-testid={`role-${t.key}`}
            >
              {t.label} <span>({team.role_counts[t.key] ?? 0})</span>
            </button>
          ))}
        </div>
      ) : null}
      {offered.length > 0 ? (
        <fieldset className={styles.filters} aria-label="Filter by fixture" data-testid="team-filters">
          {offered.map((f) => (
            <button
              key={f.id}
              type="button"
              className={styles.filterChip}
              aria-pressed={f.id === filterId}
              onClick={() => setFilterId(f.id === filterId ? null : f.id)}
              data-testid={`filter-${f.id}`}
            >
              {f.text}
            </button>
          ))}
        </fieldset>
      ) : null}
      {needs.length > 0 ? (
        <ul className={styles.needs} aria-label="Team rules" data-testid="requirements">
          {needs.map((n) => (
            <li key={n.key} className={n.met ? styles.met : styles.unmet} data-met={n.met}>
              {n.met ? <CheckIcon width={12} height={12} /> : null}
              {n.label}
              {!n.met && n.progress ? <em>{n.progress}</em> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.listHead}>
        <span className={styles.headline}>{tab ? tabHeadline(tab, teamSize, tabs.length === 1) : ''}</span>
        <button
          type="button"
          className={styles.sortToggle}
          onClick={() => setSort(sort === 'credits' ? 'points' : 'credits')}
        >
          Sort: {sort === 'credits' ? 'Credits' : 'Points'}
        </button>
      </div>
      {team.players_needed === 0 ? (
        <p className={styles.full}>Your team is full: remove a player to pick another.</p>
      ) : null}
      <div className={styles.columns} aria-hidden="true">
        <span>Players</span>
        <span>Points</span>
        <span>Credits</span>
        <span />
      </div>
      <ul className={styles.players} data-testid="player-list" data-sport={sport}>
        {shown.map((p) => {
          const selected = team.selected_players.includes(p.id)
          const verdict = selected ? null : verdicts(p.id)
          const blocked = verdict && !verdict.ok ? verdict : null
          return (
            <li
              key={p.id}
              className={`${styles.player} ${selected ? styles.selected : ''} ${blocked ? styles.blocked : ''}`}
              data-testid="player-row"
              data-player-id={p.id}
              data-style={p.style}
              data-selected={selected}
              data-blocked={blocked ? blocked.reason : undefined}
            >
              <button
                type="button"
                className={styles.playerButton}
                onClick={() => onToggle(p)}
                disabled={Boolean(blocked)}
                aria-pressed={selected}
                aria-label={`${selected ? 'Remove' : 'Add'} ${p.name}`}
                aria-describedby={blocked && blocked.reason !== 'team_full' ? `why-${p.id}` : undefined}
              >
                <span className={styles.kit} style={{ background: p.team.team_color }} aria-hidden="true">
                  {p.team.name_attr}
                </span>
                <span className={styles.playerName}>
                  <strong title={p.name}>
                    <span className={styles.shortName}>{p.display_name}</span>
                    <span className={styles.fullName}>{p.name}</span>
                    {p.is_star ? <em className={styles.star}>★</em> : null}
                  </strong>
                  <span>
                    {p.team.name_attr} · {p.style_label}
                    {p.in_lineup === true ? ' · in lineup' : ''}
                  </span>
                </span>
                <span className={styles.num}>{formatNumber(p.last_series_score)}</span>
                <span className={styles.num}>{formatNumber(p.value)}</span>
                <span className={styles.toggle} aria-hidden="true">
                  {selected ? <MinusIcon width={16} height={16} /> : <PlusIcon width={16} height={16} />}
                </span>
              </button>
              {blocked && blocked.reason !== 'team_full' ? (
                <p className={styles.why} id={`why-${p.id}`} data-testid="blocked-reason">
                  {blocked.message}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
    </>
  )
}
