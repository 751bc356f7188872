import { useQuery } from '@tanstack/react-query'
import { Card } from '../../components/Common'
import { TextField } from '../../components/Field'
import forms from '../../components/forms.module.css'
import { CheckField, SelectField } from '../../components/SelectField'
import ui from '../../components/ui.module.css'
import type { FieldErrors } from '../../lib/api'
import { formatDateTime } from '../../lib/format'
import { chargesQuery, intervalsQuery, type SeriesOption } from './api'
import styles from './auctions.module.css'
import type { CreateAuctionState, Source } from './use-create-auction'

const SOURCES: Array<[Source, string]> = [
  ['match', 'One match'],
  ['series', 'A whole series'],
  ['league', 'The whole league'],
]

/** The rules typed as whole numbers, in the order the form shows them (bounds as the API checks). */
const NUMBER_FIELDS: Array<{
  key: 'purse' | 'squad_min' | 'squad_max' | 'lot_seconds' | 'bot_takeover_seconds' | 'max_managers'
  label: string
  min: number
  max?: number
  placeholder?: string
  hint?: string
}> = [
  { key: 'purse', label: 'Purse', min: 100 },
  { key: 'squad_min', label: 'Squad min', min: 1, max: 25 },
  { key: 'squad_max', label: 'Squad max', min: 1, max: 25 },
  { key: 'lot_seconds', label: 'Seconds a lot', min: 5, max: 120 },
  {
    key: 'bot_takeover_seconds',
    label: 'Bot takes over after (s)',
    min: 10,
    max: 3600,
    placeholder: 'Never',
    hint: 'A bot bids for a manager who has left the room this long, until they come back.',
  },
  {
    key: 'max_managers',
    label: 'Most franchises',
    min: 2,
    max: 40,
    placeholder: 'As many as fit',
    hint: 'Leave empty for as many as the pool gives a full squad; too many for the pool is refused, saying how many fit.',
  },
]

/** The cricket series an auction or a tournament can be held on, as a select's options. */
export function SeriesOptions({ series }: { series: SeriesOption[] | undefined }) {
  return (
    <>
      {series?.length === 0 ? <option value="">No cricket series</option> : null}
      {(series ?? []).map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </>
  )
}

/** The auction's name and where its players come from (a match, a series or the league). */
export function PoolCard({ state, errors }: { state: CreateAuctionState; errors: FieldErrors }) {
  const { binder, source, pickSource, matches, series, matchId, seriesId } = state
  const field = binder(errors)
  return (
    <Card className={forms.formCard}>
      <TextField label="Auction name" {...field('name')} maxLength={60} placeholder="Friday night auction" />
      <fieldset className={forms.fieldset}>
        <legend className={ui.label}>Players from</legend>
        <div className={forms.segmented}>
          {SOURCES.map(([s, label]) => (
            <button
              key={s}
              type="button"
              aria-pressed={source === s}
              onClick={() => pickSource(s)}
              data-testid={`source-${s}`}
            >
              {label}
            </button>
          ))}
        </div>
      </fieldset>
      {source === 'match' ? (
        <SelectField
          label="Match"
          {...field('match_id')}
          value={matchId}
          hint="The players of both sides go under the hammer"
        >
          {matches.data?.length === 0 ? <option value="">No upcoming cricket matches</option> : null}
          {(matches.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.title} · {formatDateTime(m.event_time_in_millis)}
            </option>
          ))}
        </SelectField>
      ) : (
        <SelectField
          label="Series"
          {...field('series_id')}
          value={seriesId}
          errors={[...(errors.series_id ?? []), ...(errors.pool ?? [])]}
          hint={
            source === 'league'
              ? 'Every cricket player of the league goes under the hammer; squads score in this series'
              : undefined
          }
        >
          <SeriesOptions series={series.data} />
        </SelectField>
      )}
    </Card>
  )
}

/** Purse, squad sizes, pace, bid steps, charge, balance and privacy. */
export function RulesCard({ state, errors }: { state: CreateAuctionState; errors: FieldErrors }) {
  const { form, setForm, binder } = state
  const field = binder(errors)
  const intervals = useQuery(intervalsQuery)
  const charges = useQuery(chargesQuery)
  return (
    <Card className={forms.formCard}>
      <h2 className={styles.cardTitle}>Rules</h2>
      <div className={forms.grid}>
        {NUMBER_FIELDS.filter(({ key }) => key !== 'lot_seconds' || !form.over_days).map(
          ({ key, label, ...bounds }) => (
            <TextField
              key={key}
              label={label}
              {...field(key)}
              type="number"
              inputMode="numeric"
              {...bounds}
            />
          ),
        )}
        <SelectField label="Bid steps" {...field('bidding_interval')}>
          {(intervals.data ?? [{ id: 'standard', name: 'Standard', bands: [] }]).map((i) => (
            <option key={i.id} value={i.id}>
              {i.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Joining charge" {...field('charges')}>
          {(charges.data ?? [0]).map((c) => (
            <option key={c} value={c}>
              {c === 0 ? 'Free' : `${c} coins`}
            </option>
          ))}
        </SelectField>
      </div>
      <CheckField
        name="balanced"
        label="Balanced squads"
        hint="Every squad must be able to field a keeper, six batters and five bowlers"
        checked={form.balanced}
        onChange={(balanced) => setForm((f) => ({ ...f, balanced }))}
      />
      <CheckField
        name="private"
        label="Private"
        hint="Only people with the invite code see it"
        checked={form.private}
        onChange={(value) => setForm((f) => ({ ...f, private: value }))}
      />
    </Card>
  )
}
