import { CheckIcon } from '../../components/Icons'
import { onDataColour } from '../../components/readable-on'
import type { Avatar, Sport } from './api'
import styles from './pickers.module.css'

const SPORT_LOOK: Record<string, { short: string; color: string }> = {
  cricket: { short: 'CR', color: '#1f9d55' },
  football: { short: 'FB', color: '#2563eb' },
  f1: { short: 'F1', color: '#e11d48' },
  pubg: { short: 'PG', color: '#d97706' },
  'free-fire': { short: 'FF', color: '#ea580c' },
  'call-of-duty': { short: 'CD', color: '#4b5563' },
}

const KIND_LABEL: Record<Sport['kind'], string> = {
  team: 'Team sport',
  racing: 'Motor racing',
  battle_royale: 'Esports',
}

export function SportPicker({
  sports,
  selected,
  onToggle,
}: {
  sports: Sport[]
  selected: string[]
  onToggle: (slug: string) => void
}) {
  return (
    <div className={styles.sports}>
      {sports.map((sport) => {
        const look = SPORT_LOOK[sport.slug] ?? {
          short: sport.name.slice(0, 2).toUpperCase(),
          color: '#5b4df0',
        }
        return (
          <button
            key={sport.slug}
            type="button"
            className={styles.sport}
            aria-pressed={selected.includes(sport.slug)}
            onClick={() => onToggle(sport.slug)}
            data-testid={`sport-${sport.slug}`}
          >
            <span className={styles.badge} style={onDataColour(look.color)} aria-hidden="true">
              {look.short}
            </span>
            <span className={styles.sportText}>
              <span className={styles.sportName}>{sport.name}</span>
              <span className={styles.sportKind}>{KIND_LABEL[sport.kind]}</span>
            </span>
          </button>
        )
      })}
    </div>
  )
}

export function AvatarPicker({
  avatars,
  selected,
  onSelect,
}: {
  avatars: Avatar[]
  selected: number | null
  onSelect: (id: number) => void
}) {
  return (
    <div className={styles.avatars} role="radiogroup" aria-label="Avatars">
      {avatars.map((avatar) => (
        // biome-ignore lint/a11y/useSemanticElements: a picture grid reads better as buttons than radio inputs
        <button
          key={avatar.id}
          type="button"
          role="radio"
          aria-checked={selected === avatar.id}
          aria-label={avatar.name}
          title={avatar.name}
          className={styles.avatar}
          onClick={() => onSelect(avatar.id)}
          data-testid={`avatar-${avatar.id}`}
        >
          <img src={avatar.url} alt="" loading="lazy" width={64} height={64} />
          {selected === avatar.id ? (
            <span className={styles.tick}>
              <CheckIcon />
            </span>
          ) : null}
        </button>
      ))}
    </div>
  )
}
