import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert, FieldErrors, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import forms from '../../components/forms.module.css'
import ui from '../../components/ui.module.css'
import { ApiError } from '../../lib/api'
import { joinAuction } from './actions'
import { type AuctionColor, colorsQuery } from './api'

export interface FranchiseValue {
  franchise_name: string
  color: string
}

/** A franchise's name and one of the auction's colours (those other franchises hold are greyed out). */
export function FranchiseFields({
  value,
  onChange,
  taken,
  errors = {},
}: {
  value: FranchiseValue
  onChange: (next: FranchiseValue) => void
  taken: ReadonlySet<string>
  errors?: Record<string, string[] | undefined>
}) {
  const colors = useQuery(colorsQuery)
  return (
    <>
      <TextField
        label="Franchise name"
        name="franchise_name"
        value={value.franchise_name}
        onChange={(e) => onChange({ ...value, franchise_name: e.target.value })}
        errors={errors.franchise_name}
        maxLength={40}
        hint="2–40 characters, shown to everyone in the auction"
      />
      <fieldset className={forms.fieldset}>
        <legend className={ui.label}>Colour</legend>
        {colors.isPending ? <Loading /> : null}
        <div className={forms.colors}>
          {(colors.data ?? []).map((c) => (
            <ColorOption
              key={c.id}
              color={c}
              selected={value.color === c.id}
              taken={taken.has(c.id)}
              onPick={() => onChange({ ...value, color: c.id })}
            />
          ))}
        </div>
        <FieldErrors errors={errors.color} />
      </fieldset>
    </>
  )
}

function ColorOption({
  color,
  selected,
  taken,
  onPick,
}: {
  color: AuctionColor
  selected: boolean
  taken: boolean
  onPick: () => void
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={taken ? `${color.name} (taken)` : color.name}
      title={taken ? `${color.name} is taken` : color.name}
      className={forms.colorOption}
      disabled={taken}
      onClick={onPick}
      data-testid={`color-${color.id}`}
    >
      <span style={{ background: color.hex }} />
      {color.name}
    </button>
  )
}

/** The first colour nobody holds, to start the picker on. */
export function firstFree(colors: AuctionColor[] | undefined, taken: ReadonlySet<string>): string {
  return colors?.find((c) => !taken.has(c.id))?.id ?? ''
}

/**
 * Taking a seat in an auction with its invite code: POST /join. The owner is approved at
 * once; anyone else waits in the room for the owner.
 */
export function JoinForm({
  auctionId,
  code,
  taken,
  onJoined,
  submitLabel = 'Join auction',
}: {
  auctionId: number
  code: string
  taken: ReadonlySet<string>
  onJoined: () => void
  submitLabel?: string
}) {
  const client = useQueryClient()
  const colors = useQuery(colorsQuery)
  const [value, setValue] = useState<FranchiseValue>({ franchise_name: '', color: '' })
  const color = value.color || firstFree(colors.data, taken)
  const join = useMutation({
    mutationFn: () => joinAuction(auctionId, { code, franchise_name: value.franchise_name.trim(), color }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['auctions'] })
      void client.invalidateQueries({ queryKey: ['auction', auctionId] })
      onJoined()
    },
    onError: (error) => {
      // Someone took the colour meanwhile: the picker shows the latest.
      if (error instanceof ApiError && error.code === 'COLOR_TAKEN')
        void client.invalidateQueries({ queryKey: ['auction', auctionId, 'managers'] })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    join.mutate()
  }
  const unplaced = unplacedError(join.error, ['franchise_name', 'color'])
  return (
    <form onSubmit={submit} noValidate data-testid="join-form">
      {unplaced ? <Alert>{unplaced}</Alert> : null}
      <FranchiseFields
        value={{ ...value, color }}
        onChange={setValue}
        taken={taken}
        errors={fieldErrorsOf(join.error)}
      />
      <Button type="submit" block busy={join.isPending} data-testid="join-submit">
        {submitLabel}
      </Button>
    </form>
  )
}
