import { useQuery } from '@tanstack/react-query'
import { Fragment } from 'react'
import { Link } from 'react-router'
import { Card } from '../../components/Common'
import { FieldErrors, TextAreaField, TextField } from '../../components/Field'
import forms from '../../components/forms.module.css'
import { CheckField, SelectField } from '../../components/SelectField'
import { textFieldBinder } from '../../components/text-form'
import ui from '../../components/ui.module.css'
import type { FieldErrors as Errors } from '../../lib/api'
import { formatMoney } from '../../lib/format'
import { prizeOptionsQuery, savedPrizesQuery } from './api'
import styles from './create.module.css'
import type { DraftState, PrizeSource } from './draft'
import { RangeRows } from './RangeRows'

export type SetDraft = <K extends keyof DraftState>(key: K, value: DraftState[K]) => void

/** The props of the draft's text fields (`{...field('name')}`): the draft keeps typed text. */
export const draftBinder = (state: DraftState, set: SetDraft, errors: Errors) =>
  textFieldBinder(state, (key, value) => set(key, value as never), errors)

/** Name, description, fee, size, entries, guaranteed and private: the contest's terms. */
export function TermsFields({
  state,
  set,
  errors,
  locked,
  oneEntry = false,
}: {
  state: DraftState
  set: SetDraft
  errors: Errors
  /** Fields the owner may no longer change (others have joined). */
  locked?: ReadonlySet<keyof DraftState>
  /** Championship contests take one classic team per player: no multiple entries. */
  oneEntry?: boolean
}) {
  const field = draftBinder(state, set, errors)
  const off = (key: keyof DraftState) => locked?.has(key) ?? false
  /** A count typed on the number pad, shut once others have joined (when the key is locked). */
  const count = (key: keyof DraftState & string) => ({
    ...field(key),
    inputMode: 'numeric' as const,
    disabled: off(key),
  })
  return (
    <Card className={forms.formCard}>
      <TextField label="Contest name" {...field('name')} maxLength={60} placeholder="Hostel 4 showdown" />
      <TextAreaField
        label="Description"
        {...field('description')}
        maxLength={500}
        hint="Optional: house rules, who it is for"
      />
      <div className={forms.grid}>
        <TextField label="Entry fee (₹)" {...count('entry_fee')} hint="0 for a free contest" />
        <TextField
          label="Spots"
          {...field('members_limit')}
          inputMode="numeric"
          hint={off('entry_fee') ? 'Only more spots now' : '2 to 500'}
        />
        {state.multiple_entries ? (
          <TextField label="Entries each" {...count('max_entries_per_user')} hint="2 to 11" />
        ) : null}
      </div>
      {off('multiple_entries') ? (
        <p className={styles.muted}>
          Others have joined: only the name, the description and more spots can change now.
        </p>
      ) : (
        <EntryChecks state={state} set={set} errors={errors} oneEntry={oneEntry} />
      )}
    </Card>
  )
}

const SOURCES: Array<{ value: PrizeSource; label: string }> = [
  { value: 'option', label: 'Suggested' },
  { value: 'saved', label: 'Saved' },
  { value: 'custom', label: 'Custom' },
]

/** The prize structure: a generated option for the size, one of my saved tables, or custom ranges. */
export function PrizeFields({ state, set, errors }: { state: DraftState; set: SetDraft; errors: Errors }) {
  return (
    <Card className={forms.formCard}>
      <h2 className={styles.cardTitle}>Prizes</h2>
      <fieldset className={`${forms.segmented} ${styles.plainSet}`} aria-label="Prize structure">
        {SOURCES.map((s) => (
          <button
            key={s.value}
            type="button"
            aria-pressed={state.prize_source === s.value}
            onClick={() => set('prize_source', s.value)}
            data-testid={`prize-source-${s.value}`}
          >
            {s.label}
          </button>
        ))}
      </fieldset>
      {state.prize_source === 'option' ? <OptionChoices state={state} set={set} errors={errors} /> : null}
      {state.prize_source === 'saved' ? <SavedChoice state={state} set={set} errors={errors} /> : null}
      {state.prize_source === 'custom' ? (
        <>
          <fieldset className={`${forms.segmented} ${styles.plainSet}`} aria-label="Custom prizes in">
            {(['percent', 'amount'] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={state.custom_mode === m}
                onClick={() => set('custom_mode', m)}
              >
                {m === 'percent' ? '% of the pool' : '₹ amounts'}
              </button>
            ))}
          </fieldset>
          <RangeRows
            rows={state.ranges}
            onChange={(rows) => set('ranges', rows)}
            unit={state.custom_mode === 'percent' ? '%' : '₹'}
            field="prize_ranges"
            errors={errors}
          />
        </>
      ) : null}
    </Card>
  )
}

type FieldsProps = { state: DraftState; set: SetDraft; errors: Errors }

/** The generated prize options for the size and fee. */
function OptionChoices({ state, set, errors }: FieldsProps) {
  const size = Number(state.members_limit)
  const fee = Number(state.entry_fee)
  const sizeOk = Number.isInteger(size) && size >= 2 && size <= 500
  const options = useQuery({
    ...prizeOptionsQuery(size, Number.isFinite(fee) ? fee : 0),
    enabled: sizeOk && state.prize_source === 'option',
    meta: { silent: true },
  })
  return (
    <fieldset className={forms.fieldset}>
      <legend className={ui.label}>Winners</legend>
      {!sizeOk ? <p className={styles.muted}>Set the spots (2 to 500) to see the options.</p> : null}
      {options.isError ? <p className={styles.muted}>{options.error.message}</p> : null}
      <div className={styles.options}>
        {(options.data ?? []).map((o) => (
          <label key={o.key} className={styles.option} data-testid={`prize-option-${o.key}`}>
            <input
              type="radio"
              name="prize_option"
              value={o.key}
              checked={state.prize_option === o.key}
              onChange={() => set('prize_option', o.key)}
            />
            <span>
              <strong>{o.label}</strong>
              <em>
                {o.winners} {o.winners === 1 ? 'winner' : 'winners'} · 1st{' '}
                {formatMoney(o.prizes[0]?.amount ?? 0)}
              </em>
            </span>
          </label>
        ))}
      </div>
      <FieldErrors errors={errors.prize_option} />
    </fieldset>
  )
}

/** One of my saved prize tables, or a link to make one. */
function SavedChoice({ state, set, errors }: FieldsProps) {
  const saved = useQuery({ ...savedPrizesQuery, enabled: state.prize_source === 'saved' })
  return saved.data?.length === 0 ? (
    <p className={styles.muted} data-testid="no-saved-prizes">
      You have no saved prizes yet. <Link to="/saved-prizes/new">Make one</Link>
    </p>
  ) : (
    <SelectField
      label="Saved prize"
      {...draftBinder(state, set, errors)('prize_structure_id')}
      hint={<Link to="/saved-prizes">Manage saved prizes</Link>}
    >
      <option value="">{saved.isPending ? 'Loading…' : 'Choose one'}</option>
      {(saved.data ?? []).map((p) => (
        <option key={p.id} value={p.id}>
          {p.name} · {p.winners} {p.winners === 1 ? 'winner' : 'winners'}
        </option>
      ))}
    </SelectField>
  )
}

const ENTRY_CHECKS = [
  { key: 'multiple_entries', label: 'Multiple entries', hint: 'A player may join with more than one team' },
  {
    key: 'guaranteed',
    label: 'Guaranteed',
    hint: 'Runs even if not full (with 2 or more players); prizes shrink to the players who joined',
  },
  { key: 'is_private', label: 'Private', hint: 'Only people with the invite code can see and join it' },
] as const

/** Multiple entries (unless one entry is the rule), guaranteed and private. */
function EntryChecks({
  state,
  set,
  errors,
  oneEntry,
}: {
  state: DraftState
  set: SetDraft
  errors: Errors
  oneEntry: boolean
}) {
  return ENTRY_CHECKS.map((check) => (
    <Fragment key={check.key}>
      {oneEntry && check.key === 'multiple_entries' ? null : (
        <CheckField
          name={check.key}
          label={check.label}
          hint={check.hint}
          checked={state[check.key]}
          onChange={(v) => set(check.key, v)}
        />
      )}
      <FieldErrors errors={errors[check.key]} />
    </Fragment>
  ))
}
