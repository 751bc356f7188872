import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode, SelectHTMLAttributes } from 'react'
import { Link } from 'react-router'
import {
  ESPORTS_GAMES,
  ESPORTS_KINDS,
  ESPORTS_MODES,
  type EsportsKind,
  type EsportsMode,
  HOST_LEVEL_MIN,
  maxSlots,
  TEAM_SIZES,
} from '../../../../../server/domain/esports/rules'
import { Loading } from '../../../components/Common'
import { Alert, FieldErrors, TextAreaField, TextField } from '../../../components/Field'
import type { FieldErrors as Errors } from '../../../lib/api'
import type { EsportsAccess } from './api'
import styles from './esports.module.css'
import type { EsportsCreateState, TextKey } from './use-esports-create'

/** Short enough for the phone's half-width select; the slots hint says how many squads fit. */
const MODE_LABELS: Record<EsportsMode, string> = {
  solo: 'Solo',
  duo: `Duos of ${TEAM_SIZES.duo}`,
  squad: `Squads of ${TEAM_SIZES.squad}`,
}

const PRIZE_OPTIONS = [
  { value: 'winner_takes_all', label: 'Winner takes all' },
  { value: 'top_3', label: 'Top 3 squads (50/30/20)' },
  { value: 'top_10_percent', label: 'Top 10% of squads' },
  { value: 'top_25_percent', label: 'Top 25% of squads' },
  { value: 'top_50_percent', label: 'Top 50% of squads' },
]

const MODE_OPTIONS = ESPORTS_MODES.map((m) => ({ value: m, label: MODE_LABELS[m] }))

interface FieldsProps {
  slug: EsportsKind
  state: EsportsCreateState
  errors: Errors
}

/** A labelled select in this form's own look, the server's messages under it. */
function Choice({
  label,
  options,
  errors,
  children,
  ...select
}: {
  label: string
  options: { value: string; label: string }[]
  errors?: string[]
  children?: ReactNode
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <select className={styles.select} {...select}>
        {children}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrors errors={errors} />
    </label>
  )
}

/** The value, change handler and keypad of a number typed into the form. */
const numeric = ({ form, set }: EsportsCreateState, key: TextKey) =>
  ({ inputMode: 'numeric', value: form[key], onChange: set(key) }) as const

/** Whether the access check is still running, failed, or says what is missing to host. */
export function AccessNotice({ slug, access }: { slug: EsportsKind; access: UseQueryResult<EsportsAccess> }) {
  const game = ESPORTS_GAMES[ESPORTS_KINDS[slug].game]
  const a = access.data
  return (
    <>
      {access.isPending ? (
        <Loading label="Checking what you may host.." />
      ) : access.isError ? (
        <Alert>{access.error.message}</Alert>
      ) : a && !a.free_allowed ? (
        <Alert tone="notice">
          <span data-testid="esports-access-missing">
            To host {game.name} rooms you need a verified {game.name} account of level {HOST_LEVEL_MIN} or
            more
            {a.missing[0] ? ` — ${a.missing[0].message}` : ''}.
          </span>{' '}
          <Link to={`/contests/create/pubg-contest-requirement?kind=${slug}`}>What is needed</Link>
        </Alert>
      ) : null}
    </>
  )
}

/** Mode, map, name and description. */
export function RoomFields({ slug, state, errors }: FieldsProps) {
  const { form, set } = state
  const game = ESPORTS_GAMES[ESPORTS_KINDS[slug].game]
  return (
    <>
      <div className={styles.grid}>
        <Choice
          label="Mode"
          options={MODE_OPTIONS}
          value={form.mode}
          onChange={set('mode')}
          errors={errors.mode}
          data-testid="esports-mode"
        />
        <Choice
          label="Map"
          options={game.maps.map((m) => ({ value: m, label: m }))}
          value={form.map}
          onChange={set('map')}
          errors={errors.map}
        >
          <option value="">Any / host decides</option>
        </Choice>
      </div>
      <TextField
        label="Contest name"
        value={form.name}
        onChange={set('name')}
        errors={errors.name}
        data-testid="esports-name"
        maxLength={60}
      />
      <TextAreaField
        label="Description (optional)"
        value={form.description}
        onChange={set('description')}
        errors={errors.description}
        rows={2}
      />
    </>
  )
}

/** Slots, fee, prize per kill and placement prizes (the prizes only for a paid room). */
export function MoneyFields({ slug, state, errors }: FieldsProps) {
  const { form, set, paid } = state
  const info = ESPORTS_KINDS[slug]
  const mode = form.mode
  return (
    <>
      <div className={styles.grid}>
        <TextField
          label="Squads (slots)"
          {...numeric(state, 'slots')}
          errors={errors.slots}
          hint={`2–${maxSlots(info.game, mode)}`}
          data-testid="esports-slots"
        />
        <TextField
          label="Entry fee per player (₹)"
          {...numeric(state, 'fee')}
          errors={errors.entry_fee}
          hint="0 = a free private room"
          data-testid="esports-fee"
        />
        {paid ? (
          <TextField
            label="Prize per kill (₹)"
            {...numeric(state, 'perKill')}
            errors={errors.per_kill}
            hint={`at most ₹${Math.floor(Number(form.fee) * 0.85) || 0}`}
            data-testid="esports-per-kill"
          />
        ) : null}
      </div>
      {paid ? (
        <Choice
          label="Placement prizes"
          options={PRIZE_OPTIONS}
          value={form.prize}
          onChange={set('prize')}
          errors={[...(errors.prize_option ?? []), ...(errors.prize_ranges ?? [])]}
          data-testid="esports-prizes"
        />
      ) : null}
    </>
  )
}

/** Start, reveal, lowest level and (for a paid room) privacy. */
export function TimingFields({ state, errors }: Omit<FieldsProps, 'slug'>) {
  const { form, setPrivate, paid } = state
  return (
    <>
      <div className={styles.grid}>
        <TextField
          label="Starts in (minutes)"
          {...numeric(state, 'startsIn')}
          errors={[...(errors.starts_at ?? []), ...(errors.starts_in_minutes ?? [])]}
          data-testid="esports-starts-in"
        />
        <TextField
          label="Room details out (minutes before)"
          {...numeric(state, 'reveal')}
          errors={errors.reveal_minutes}
        />
        <TextField label="Lowest game level" {...numeric(state, 'minLevel')} errors={errors.min_level} />
      </div>
      {paid ? (
        <label className={styles.check}>
          <input type="checkbox" checked={form.isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
          <span>Private: only people with the invite code find it</span>
        </label>
      ) : (
        <p className={styles.muted}>A free room is private: share its invite code with your squads.</p>
      )}
    </>
  )
}
