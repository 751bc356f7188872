import { useMemo } from 'react'
import type { RoleTab, TeamPlayer } from '../../../../server/domain/team-rules'
import { type CanAdd, canAdd, type WorkingTeam } from '../../../../server/domain/working-team'
import { CheckIcon, MinusIcon, PlusIcon } from '../../components/Icons'
import { onDataColour } from '../../components/readable-on'
import { formatNumber } from '../../lib/format'
import type { Player } from '../matches'
import pick from './pick.module.css'
import { requirements } from './rules'

/**
 * Whether each player could join, once per change of the team and only for the players
 * shown (a tab switch reuses what was worked out): with the pool, canAdd searches for a
 * valid completion, some milliseconds per player, and a championship phase has hundreds.
 */
export function useVerdicts(team: WorkingTeam, pool: TeamPlayer[]): (id: number) => CanAdd | null {
  return useMemo(() => {
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
}

/** The role tabs with how many of each role the team has (none for a one-tab sport). */
export function RoleTabs({
  tabs,
  tab,
  team,
  onPick,
}: {
  tabs: RoleTab[]
  tab: RoleTab | undefined
  team: WorkingTeam
  onPick: (key: string) => void
}) {
  if (tabs.length <= 1) return null
  return (
    <div className={pick.roleTabs} role="tablist" aria-label="Roles">
      {tabs.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          aria-selected={t.key === tab?.key}
          className={pick.roleTab}
          onClick={() => onPick(t.key)}
          data-testid={`role-${t.key}`}
        >
          {t.label} <span>({team.role_counts[t.key] ?? 0})</span>
        </button>
      ))}
    </div>
  )
}

/** What the team still needs: the balance flags, met or with their progress. */
export function Needs({ team, tabs }: { team: WorkingTeam; tabs: RoleTab[] }) {
  const needs = requirements(team, tabs)
  if (needs.length === 0) return null
  return (
    <ul className={pick.needs} aria-label="Team rules" data-testid="requirements">
      {needs.map((n) => (
        <li key={n.key} className={n.met ? pick.met : pick.unmet} data-met={n.met}>
          {n.met ? <CheckIcon width={12} height={12} /> : null}
          {n.label}
          {!n.met && n.progress ? <em>{n.progress}</em> : null}
        </li>
      ))}
    </ul>
  )
}

/** One player with its + or −, greyed out with the reason when the rules refuse them. */
export function PlayerRow({
  p,
  team,
  verdicts,
  onToggle,
}: {
  p: Player
  team: WorkingTeam
  verdicts: (id: number) => CanAdd | null
  onToggle: (player: Player) => void
}) {
  const selected = team.selected_players.includes(p.id)
  const verdict = selected ? null : verdicts(p.id)
  const blocked = verdict && !verdict.ok ? verdict : null
  return (
    <li
      key={p.id}
      className={`${pick.player} ${selected ? pick.selected : ''} ${blocked ? pick.blocked : ''}`}
      data-testid="player-row"
      data-player-id={p.id}
      data-style={p.style}
      data-selected={selected}
      data-blocked={blocked ? blocked.reason : undefined}
    >
      <button
        type="button"
        className={pick.playerButton}
        onClick={() => onToggle(p)}
        disabled={Boolean(blocked)}
        aria-pressed={selected}
        aria-label={`${selected ? 'Remove' : 'Add'} ${p.name}`}
        aria-describedby={blocked && blocked.reason !== 'team_full' ? `why-${p.id}` : undefined}
      >
        <span className={pick.kit} style={onDataColour(p.team.team_color)} aria-hidden="true">
          {p.team.name_attr}
        </span>
        <span className={pick.playerName}>
          <strong title={p.name}>
            <span className={pick.shortName}>{p.display_name}</span>
            <span className={pick.fullName}>{p.name}</span>
            {p.is_star ? <em className={pick.star}>★</em> : null}
          </strong>
          <span>
            {p.team.name_attr} · {p.style_label}
            {p.in_lineup === true ? ' · in lineup' : ''}
          </span>
        </span>
        <span className={pick.num}>{formatNumber(p.last_series_score)}</span>
        <span className={pick.num}>{formatNumber(p.value)}</span>
        <span className={pick.toggle} aria-hidden="true">
          {selected ? <MinusIcon width={16} height={16} /> : <PlusIcon width={16} height={16} />}
        </span>
      </button>
      {blocked && blocked.reason !== 'team_full' ? (
        <p className={pick.why} id={`why-${p.id}`} data-testid="blocked-reason">
          {blocked.message}
        </p>
      ) : null}
    </li>
  )
}

/** The fixture filters and SEL; picking the active one again clears it. */
export function FilterChips({
  offered,
  filterId,
  onPick,
}: {
  offered: Array<{ id: number; text: string }>
  filterId: number | null
  onPick: (id: number | null) => void
}) {
  if (offered.length === 0) return null
  return (
    <fieldset className={pick.filters} aria-label="Filter by fixture" data-testid="team-filters">
      {offered.map((f) => (
        <button
          key={f.id}
          type="button"
          className={pick.filterChip}
          aria-pressed={f.id === filterId}
          onClick={() => onPick(f.id === filterId ? null : f.id)}
          data-testid={`filter-${f.id}`}
        >
          {f.text}
        </button>
      ))}
    </fieldset>
  )
}
