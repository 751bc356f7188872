import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Card } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import forms from '../../components/forms.module.css'
import { CheckField, SelectField } from '../../components/SelectField'
import { type BoundField, useTextForm } from '../../components/text-form'
import { formatNumber } from '../../lib/format'
import { seriesOptionsQuery } from './api'
import styles from './auctions.module.css'
import { SeriesOptions } from './CreateAuctionCards'
import { createTournament, TOURNAMENT_RULES, WINDOW_HOURS } from './tournament-api'

const SHOWN = ['name', 'series_id', 'window_hours', 'max_managers']
const MANAGERS = [4, 5, 6, 7, 8, 9, 10, 11, 12]

type TournamentForm = { name: string; series_id: string; window_hours: string; max_managers: string }

/** Creates a tournament for a cricket series; the creator joins it and lands on its bidding page. */
export function CreateTournamentForm() {
  const series = useQuery(seriesOptionsQuery)
  const { form, binder } = useTextForm<TournamentForm>({
    name: '',
    series_id: '',
    window_hours: '24',
    max_managers: '8',
  })
  const [isPrivate, setPrivate] = useState(false)
  const seriesId = form.series_id || String(series.data?.[0]?.id ?? '')
  const create = useCreateTournament(form, seriesId, isPrivate)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  const field = binder(fieldErrorsOf(create.error))
  const unplaced = unplacedError(create.error, SHOWN)
  return (
    <Card className={forms.formCard}>
      <form onSubmit={submit} noValidate data-testid="create-tournament-form">
        <h2 className={styles.cardTitle}>Create a tournament</h2>
        <p className={styles.muted}>
          {formatNumber(TOURNAMENT_RULES.purse)} credits each, up to {TOURNAMENT_RULES.squadMax} players and{' '}
          {TOURNAMENT_RULES.maxStars} stars. It starts when the {TOURNAMENT_RULES.startsAt}th manager joins.
        </p>
        {unplaced ? <Alert>{unplaced}</Alert> : null}
        <TextField
          label="Tournament name"
          {...field('name')}
          name="tournament_name"
          maxLength={60}
          placeholder="Season-long auction"
        />
        <SelectField label="Series" {...field('series_id')} value={seriesId}>
          {series.isPending ? <option value="">Loading..</option> : null}
          <SeriesOptions series={series.data} />
        </SelectField>
        <PaceFields field={field} />
        <CheckField
          label="Private"
          hint="Only people with the code can join"
          name="private"
          checked={isPrivate}
          onChange={setPrivate}
        />
        <Button type="submit" block busy={create.isPending} data-testid="create-tournament">
          Create tournament
        </Button>
      </form>
    </Card>
  )
}

/** Creates the tournament, then opens its bidding page. */
function useCreateTournament(form: TournamentForm, seriesId: string, isPrivate: boolean) {
  const navigate = useNavigate()
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      createTournament({
        name: form.name.trim(),
        series_id: Number(seriesId),
        window_hours: Number(form.window_hours) as (typeof WINDOW_HOURS)[number],
        max_managers: Number(form.max_managers),
        private: isPrivate,
      }),
    onSuccess: (t) => {
      void client.invalidateQueries({ queryKey: ['tournaments'] })
      navigate(`/auction/tournaments/${t.id}/bidding`)
    },
  })
}

/** How long each bidding window is and how many managers it takes. */
function PaceFields({ field }: { field: (key: keyof TournamentForm) => BoundField }) {
  return (
    <div className={forms.grid}>
      <SelectField label="Bidding windows" {...field('window_hours')}>
        {WINDOW_HOURS.map((h) => (
          <option key={h} value={h}>
            {h} hours
          </option>
        ))}
      </SelectField>
      <SelectField label="Managers" {...field('max_managers')}>
        {MANAGERS.map((n) => (
          <option key={n} value={n}>
            up to {n}
          </option>
        ))}
      </SelectField>
    </div>
  )
}
