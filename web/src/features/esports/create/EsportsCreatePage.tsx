import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import {
  DEFAULT_REVEAL_MINUTES,
  ESPORTS_GAMES,
  ESPORTS_KINDS,
  ESPORTS_MODES,
  type EsportsKind,
  type EsportsMode,
  HOST_LEVEL_MIN,
  maxSlots,
  TEAM_SIZES,
} from '../../../../../server/domain/esports/rules'
import type { GameKind } from '../../../../../server/domain/game-kinds'
import { Button } from '../../../components/Button'
import { Card, Loading, PageHead } from '../../../components/Common'
import { Alert, FieldErrors, TextAreaField, TextField } from '../../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../../components/form-errors'
import { ApiError } from '../../../lib/api'
import { createEsportsContest, type EsportsDraft, esportsAccessQuery } from './api'
import styles from './esports.module.css'

/** Short enough for the phone's half-width select; the slots hint says how many squads fit. */
const MODE_LABELS: Record<EsportsMode, string> = {
  solo: 'Solo',
  duo: `Duos of ${TEAM_SIZES.duo}`,
  squad: `Squads of ${TEAM_SIZES.squad}`,
}

const PRIZE_OPTIONS = [
  { key: 'winner_takes_all', label: 'Winner takes all' },
  { key: 'top_3', label: 'Top 3 squads (50/30/20)' },
  { key: 'top_10_percent', label: 'Top 10% of squads' },
  { key: 'top_25_percent', label: 'Top 25% of squads' },
  { key: 'top_50_percent', label: 'Top 50% of squads' },
]

const SHOWN = [
  'mode',
  'name',
  'description',
  'map',
  'slots',
  'entry_fee',
  'per_kill',
  'prize_option',
  'prize_ranges',
  'min_level',
  'starts_at',
  'starts_in_minutes',
  'reveal_minutes',
  'is_private',
]

/**
 * `/contests/create/{pubg, pubg-lite, pubg-single-match, free-fire, call-of-duty}`: host a
 * custom room. The host needs a verified game account (GET /api/esports/access says what is
 * missing); on success the contest's page opens.
 */
export function EsportsCreatePage({ kind }: { kind: GameKind }) {
  const slug = kind.slug as EsportsKind
  const info = ESPORTS_KINDS[slug]
  const game = ESPORTS_GAMES[info.game]
  const navigate = useNavigate()
  const client = useQueryClient()
  const access = useQuery(esportsAccessQuery(slug))
  const [mode, setMode] = useState<EsportsMode>('squad')
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [map, setMap] = useState('')
  const [slots, setSlots] = useState(String(Math.min(10, maxSlots(info.game, 'squad'))))
  const [fee, setFee] = useState('0')
  const [perKill, setPerKill] = useState('0')
  const [prize, setPrize] = useState('winner_takes_all')
  const [minLevel, setMinLevel] = useState('0')
  const [startsIn, setStartsIn] = useState('60')
  const [reveal, setReveal] = useState(String(DEFAULT_REVEAL_MINUTES))
  const [isPrivate, setPrivate] = useState(false)
  const paid = Number(fee) > 0
  const create = useMutation({
    mutationFn: (body: EsportsDraft) => createEsportsContest(body),
    meta: { silent: true },
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: ['esports-contests'] })
      void client.invalidateQueries({ queryKey: ['esports-access'] })
      navigate(`/contests/${answer.esports_contest.id}`)
    },
  })
  const errors = fieldErrorsOf(create.error)
  const unplaced = unplacedError(create.error, SHOWN)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    create.mutate({
      kind: slug,
      mode,
      name,
      ...(description.trim() ? { description } : {}),
      ...(map ? { map } : {}),
      slots,
      entry_fee: fee,
      ...(paid ? { per_kill: perKill, prize_option: prize } : {}),
      min_level: minLevel,
      starts_in_minutes: startsIn,
      reveal_minutes: reveal,
      is_private: paid ? isPrivate : true,
    })
  }
  const a = access.data
  // A free room is always private, so only a paid one needs the paid access.
  const needsPaidAccess = paid
  const blocked = a ? !a.free_allowed || (needsPaidAccess ? !a.paid_allowed : false) : false

  return (
    <div className={styles.page} data-testid="esports-create-page" data-kind={slug}>
      <PageHead
        title={`Host a ${info.name} contest`}
        subtitle={
          <>
            {info.description} <Link to={`/contests/rules/${slug}`}>Rules</Link>
          </>
        }
      />
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
      <Card>
        <form className={styles.form} onSubmit={submit} noValidate data-testid="esports-create-form">
          {unplaced ? <Alert>{unplaced}</Alert> : null}
          <div className={styles.grid}>
            <label className={styles.field}>
              <span className={styles.label}>Mode</span>
              <select
                className={styles.select}
                value={mode}
                onChange={(e) => setMode(e.target.value as EsportsMode)}
                data-testid="esports-mode"
              >
                {ESPORTS_MODES.map((m) => (
                  <option key={m} value={m}>
                    {MODE_LABELS[m]}
                  </option>
                ))}
              </select>
              <FieldErrors errors={errors.mode} />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>Map</span>
              <select className={styles.select} value={map} onChange={(e) => setMap(e.target.value)}>
                <option value="">Any / host decides</option>
                {game.maps.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
              <FieldErrors errors={errors.map} />
            </label>
          </div>
          <TextField
            label="Contest name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            errors={errors.name}
            data-testid="esports-name"
            maxLength={60}
          />
          <TextAreaField
            label="Description (optional)"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            errors={errors.description}
            rows={2}
          />
          <div className={styles.grid}>
            <TextField
              label="Squads (slots)"
              inputMode="numeric"
              value={slots}
              onChange={(e) => setSlots(e.target.value)}
              errors={errors.slots}
              hint={`2–${maxSlots(info.game, mode)}`}
              data-testid="esports-slots"
            />
            <TextField
              label="Entry fee per player (₹)"
              inputMode="numeric"
              value={fee}
              onChange={(e) => setFee(e.target.value)}
              errors={errors.entry_fee}
              hint="0 = a free private room"
              data-testid="esports-fee"
            />
            {paid ? (
              <TextField
                label="Prize per kill (₹)"
                inputMode="numeric"
                value={perKill}
                onChange={(e) => setPerKill(e.target.value)}
                errors={errors.per_kill}
                hint={`at most ₹${Math.floor(Number(fee) * 0.85) || 0}`}
                data-testid="esports-per-kill"
              />
            ) : null}
          </div>
          {paid ? (
            <label className={styles.field}>
              <span className={styles.label}>Placement prizes</span>
              <select
                className={styles.select}
                value={prize}
                onChange={(e) => setPrize(e.target.value)}
                data-testid="esports-prizes"
              >
                {PRIZE_OPTIONS.map((o) => (
                  <option key={o.key} value={o.key}>
                    {o.label}
                  </option>
                ))}
              </select>
              <FieldErrors errors={[...(errors.prize_option ?? []), ...(errors.prize_ranges ?? [])]} />
            </label>
          ) : null}
          <div className={styles.grid}>
            <TextField
              label="Starts in (minutes)"
              inputMode="numeric"
              value={startsIn}
              onChange={(e) => setStartsIn(e.target.value)}
              errors={[...(errors.starts_at ?? []), ...(errors.starts_in_minutes ?? [])]}
              data-testid="esports-starts-in"
            />
            <TextField
              label="Room details out (minutes before)"
              inputMode="numeric"
              value={reveal}
              onChange={(e) => setReveal(e.target.value)}
              errors={errors.reveal_minutes}
            />
            <TextField
              label="Lowest game level"
              inputMode="numeric"
              value={minLevel}
              onChange={(e) => setMinLevel(e.target.value)}
              errors={errors.min_level}
            />
          </div>
          {paid ? (
            <label className={styles.check}>
              <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
              <span>Private: only people with the invite code find it</span>
            </label>
          ) : (
            <p className={styles.muted}>A free room is private: share its invite code with your squads.</p>
          )}
          <FieldErrors errors={errors.is_private} />
          {create.error instanceof ApiError && create.error.status !== 422 ? (
            <Alert>
              <span data-testid="esports-create-refused">{create.error.message}</span>{' '}
              {create.error.status === 403 ? (
                <Link to={`/contests/create/pubg-contest-requirement?kind=${slug}`}>What is needed</Link>
              ) : null}
            </Alert>
          ) : null}
          {blocked && a?.free_allowed ? (
            <p className={styles.muted}>
              A paid or public room needs contest creation access.{' '}
              <Link to={`/contests/create/pubg-get-access?kind=${slug}`}>Ask the admins</Link>
            </p>
          ) : null}
          <Button type="submit" block busy={create.isPending} data-testid="esports-create-submit">
            Create contest
          </Button>
        </form>
      </Card>
    </div>
  )
}
