import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Card, PageHead } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import forms from '../../components/forms.module.css'
import { CheckField, SelectField } from '../../components/SelectField'
import { showSnackbar } from '../../lib/snackbar'
import { type CreateAuctionBody, createAuction, joinAuction } from './actions'
import { chargesQuery, colorsQuery, intervalsQuery, matchOptionsQuery, seriesOptionsQuery } from './api'
import styles from './auctions.module.css'
import { FranchiseFields, type FranchiseValue, firstFree } from './FranchiseFields'

type Source = 'match' | 'series' | 'league'

/**
 * A match has only ~35 players: small unbalanced squads; a series (~175) or the whole league
 * (~370: a class of 30) fills IPL-style squads (docs/auctions.md "Pools and capacity").
 */
const SQUADS: Record<Source, { squad_min: number; squad_max: number; balanced: boolean }> = {
  match: { squad_min: 3, squad_max: 5, balanced: false },
  series: { squad_min: 11, squad_max: 15, balanced: true },
  league: { squad_min: 11, squad_max: 15, balanced: true },
}

const SOURCES: Array<[Source, string]> = [
  ['match', 'One match'],
  ['series', 'A whole series'],
  ['league', 'The whole league'],
]

const SHOWN = [
  'name',
  'match_id',
  'series_id',
  'purse',
  'squad_min',
  'squad_max',
  'lot_seconds',
  'bidding_interval',
  'charges',
  'bot_takeover_seconds',
  'max_managers',
  'pool',
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

const when = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
})

/** `/auctions/create`: the auction's settings and (unless the owner only runs it) the owner's own franchise. */
export function CreateAuctionPage() {
  const navigate = useNavigate()
  const client = useQueryClient()
  const matches = useQuery(matchOptionsQuery)
  const series = useQuery(seriesOptionsQuery)
  const intervals = useQuery(intervalsQuery)
  const charges = useQuery(chargesQuery)
  const colors = useQuery(colorsQuery)
  const [source, setSource] = useState<Source>('match')
  const [form, setForm] = useState({
    name: '',
    match_id: '',
    series_id: '',
    purse: '10000',
    squad_min: '3',
    squad_max: '5',
    balanced: false,
    lot_seconds: '15',
    bidding_interval: 'standard',
    charges: '0',
    bot_takeover_seconds: '',
    max_managers: '',
    private: false,
  })
  const [play, setPlay] = useState(true)
  const [franchise, setFranchise] = useState<FranchiseValue>({ franchise_name: '', color: '' })
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))
  const pickSource = (next: Source) => {
    setSource(next)
    // A refusal about the other pool no longer applies.
    create.reset()
    const squad = SQUADS[next]
    setForm((f) => ({
      ...f,
      squad_min: String(squad.squad_min),
      squad_max: String(squad.squad_max),
      balanced: squad.balanced,
    }))
  }
  const matchId = form.match_id || String(matches.data?.[0]?.id ?? '')
  const seriesId = form.series_id || String(series.data?.[0]?.id ?? '')
  const color = franchise.color || firstFree(colors.data, new Set())

  const create = useMutation({
    mutationFn: async () => {
      const body: CreateAuctionBody = {
        name: form.name.trim(),
        ...(source === 'match' ? { match_id: Number(matchId) } : { series_id: Number(seriesId) }),
        ...(source === 'league' ? { pool: 'league' as const } : {}),
        max_managers: form.max_managers.trim() ? Number(form.max_managers) : null,
        purse: Number(form.purse),
        squad_min: Number(form.squad_min),
        squad_max: Number(form.squad_max),
        balanced: form.balanced,
        lot_seconds: Number(form.lot_seconds),
        bidding_interval: form.bidding_interval,
        charges: Number(form.charges),
        bot_takeover_seconds: form.bot_takeover_seconds.trim() ? Number(form.bot_takeover_seconds) : null,
        private: form.private,
      }
      const auction = await createAuction(body)
      if (play && auction.code) {
        // The auction exists either way; a refused seat is taken again in the waiting room.
        await joinAuction(auction.id, {
          code: auction.code,
          franchise_name: franchise.franchise_name.trim() || `${auction.name} XI`,
          color,
        }).catch((error: Error) =>
          showSnackbar(`Auction created, but your seat was refused: ${error.message}`),
        )
      }
      return auction
    },
    onSuccess: (auction) => {
      void client.invalidateQueries({ queryKey: ['auctions'] })
      navigate(`/auctions/${auction.id}/waiting-room`, { state: { created: true } })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate()
  }
  const errors = fieldErrorsOf(create.error)
  const unplaced = unplacedError(create.error, SHOWN)

  return (
    <div className={forms.narrow} data-testid="create-auction-page">
      <PageHead
        title="Create an auction"
        subtitle="Pick the players' pool, the purse and the pace of the bidding."
      />
      <form onSubmit={submit} noValidate>
        {unplaced ? <Alert>{unplaced}</Alert> : null}
        <Card className={forms.formCard}>
          <TextField
            label="Auction name"
            name="name"
            value={form.name}
            onChange={set('name')}
            errors={errors.name}
            maxLength={60}
            placeholder="Friday night auction"
          />
          <fieldset className={forms.fieldset}>
            <legend className={forms.label}>Players from</legend>
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
              name="match_id"
              value={matchId}
              onChange={set('match_id')}
              errors={errors.match_id}
              hint="The players of both sides go under the hammer"
            >
              {matches.data?.length === 0 ? <option value="">No upcoming cricket matches</option> : null}
              {(matches.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title} · {when.format(new Date(m.event_time_in_millis))}
                </option>
              ))}
            </SelectField>
          ) : (
            <SelectField
              label="Series"
              name="series_id"
              value={seriesId}
              onChange={set('series_id')}
              errors={[...(errors.series_id ?? []), ...(errors.pool ?? [])]}
              hint={
                source === 'league'
                  ? 'Every cricket player of the league goes under the hammer; squads score in this series'
                  : undefined
              }
            >
              {series.data?.length === 0 ? <option value="">No cricket series</option> : null}
              {(series.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </SelectField>
          )}
        </Card>

        <Card className={forms.formCard}>
          <h2 className={styles.cardTitle}>Rules</h2>
          <div className={forms.grid}>
            {NUMBER_FIELDS.map(({ key, label, ...bounds }) => (
              <TextField
                key={key}
                label={label}
                name={key}
                type="number"
                inputMode="numeric"
                {...bounds}
                value={form[key]}
                onChange={set(key)}
                errors={errors[key]}
              />
            ))}
            <SelectField
              label="Bid steps"
              name="bidding_interval"
              value={form.bidding_interval}
              onChange={set('bidding_interval')}
              errors={errors.bidding_interval}
            >
              {(intervals.data ?? [{ id: 'standard', name: 'Standard', bands: [] }]).map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Joining charge"
              name="charges"
              value={form.charges}
              onChange={set('charges')}
              errors={errors.charges}
            >
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

        <Card className={forms.formCard}>
          <CheckField
            name="play"
            label="I play too"
            hint="Take a seat as a franchise (you are approved at once)"
            checked={play}
            onChange={setPlay}
          />
          {play ? (
            <FranchiseFields value={{ ...franchise, color }} onChange={setFranchise} taken={new Set()} />
          ) : null}
        </Card>
        <Button type="submit" block busy={create.isPending} data-testid="create-submit">
          Create auction
        </Button>
      </form>
    </div>
  )
}
