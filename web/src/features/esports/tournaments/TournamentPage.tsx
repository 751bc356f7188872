import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../../components/Common'
import { Alert, LoadErrorAlert, TextField } from '../../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../../components/form-errors'
import cards from '../../../components/link-cards.module.css'
import { ApiError, type FieldErrors as FieldErrorMap } from '../../../lib/api'
import { useSignedIn } from '../../../lib/use-session'
import {
  joinSquad,
  leaveTournament,
  registerSquad,
  standingsQuery,
  type Tournament,
  tournamentQuery,
} from './api'
import { qualifyText, ROUND_STATUS, roundTitle, StatusBadge, when } from './bits'
import { useEsportsTournamentLive } from './live'
import styles from './tournaments.module.css'

/** `/pubg/tournaments/:id`: registration, my squad, the rounds with their lobbies, and the standings. */
export function TournamentPage() {
  const id = Number(useParams().id)
  useEsportsTournamentLive(id)
  const tournament = useQuery(tournamentQuery(id))
  if (tournament.isPending) return <Loading />
  if (tournament.isError)
    return (
      <div className={styles.wrap}>
        <LoadErrorAlert error={tournament.error} missing="There is no such tournament." />
      </div>
    )
  const t = tournament.data
  return (
    <div className={styles.wrap}>
      <PageHead
        title={t.name}
        subtitle={
          <>
            {t.kind_name} · {t.mode} (squads of {t.team_size}) · {t.squads_count}/{t.squads_limit} squads ·{' '}
            <StatusBadge status={t.status} />
          </>
        }
        actions={
          <ButtonLink to="/pubg/tournaments" variant="secondary" small>
            All tournaments
          </ButtonLink>
        }
      />
      {t.description ? <p className={styles.muted}>{t.description}</p> : null}
      <Registration t={t} />
      <section className={styles.section} data-testid="rounds">
        <h2 className={styles.sectionTitle}>Rounds</h2>
        <ul className={cards.list}>
          {t.rounds.map((r) => (
            <li key={r.id} className={cards.card} data-testid="round">
              <div className={cards.name}>{roundTitle(r)}</div>
              <div className={styles.facts}>
                <span className={styles.badge}>{ROUND_STATUS[r.status]}</span>
                <span>Starts {when(r.starts_at_in_millis)}</span>
                <span>Lobbies of {r.lobby_size}</span>
                <span>{qualifyText(r)}</span>
              </div>
              {r.lobbies.length > 0 ? (
                <div className={styles.lobbies}>
                  {r.lobbies.map((l) => (
                    <Link key={l.contest_id} to={`/contests/${l.contest_id}`} data-testid="lobby-link">
                      Lobby {l.lobby_no} ({l.squads_count} squads{l.results_version > 0 ? ', results in' : ''}
                      )
                    </Link>
                  ))}
                  <Link to={`/pubg-rounds/${r.id}/slots`} data-testid="slots-link">
                    Slots and points
                  </Link>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <Standings id={t.id} />
    </div>
  )
}

function Registration({ t }: { t: Tournament }) {
  const signedIn = useSignedIn()
  const [name, setName] = useState('')
  const [code, setCode] = useState('')
  const { register, join, leave } = useSquadMutations(t, name, code)
  const mine = t.my_squad

  if (mine) return <MySquad t={t} mine={mine} leave={leave} />
  if (!t.registration_open)
    return t.status === 'registration' ? null : (
      <p className={styles.muted}>Registration closed {when(t.registration_closes_at_in_millis)}.</p>
    )
  if (!signedIn)
    return (
      <Alert tone="info">
        Registration is open until {when(t.registration_closes_at_in_millis)}.{' '}
        <Link to="/login">Sign in</Link> to register a squad.
      </Alert>
    )
  const registerErrors = fieldErrorsOf(register.error)
  const joinErrors = fieldErrorsOf(join.error)
  const submitRegister = (e: FormEvent) => {
    e.preventDefault()
    register.mutate()
  }
  const registerProblem = problemOf(register.error, ['name'])
  return (
    <Card>
      <p className={styles.muted}>Registration is open until {when(t.registration_closes_at_in_millis)}.</p>
      <form onSubmit={submitRegister} className={styles.row} noValidate data-testid="register-form">
        <TextField
          label="Register a new squad"
          name="name"
          value={name}
          placeholder="Squad name"
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          errors={registerErrors.name}
        />
        <Button type="submit" busy={register.isPending} data-testid="register-squad">
          Register
        </Button>
      </form>
      {registerProblem ? <Alert>{withSettingsLink(registerProblem)}</Alert> : null}
      {t.team_size > 1 ? <JoinByCode code={code} setCode={setCode} join={join} errors={joinErrors} /> : null}
    </Card>
  )
}

/** Registering a squad, joining one by its code, leaving: each answers with the tournament. */
function useSquadMutations(t: Tournament, name: string, code: string) {
  const client = useQueryClient()
  const update = (next: { esports_tournament: Tournament }) => {
    client.setQueryData(tournamentQuery(t.id).queryKey, next.esports_tournament)
    void client.invalidateQueries({ queryKey: ['esports-tournaments'] })
    void client.invalidateQueries({ queryKey: ['esports-tournament', t.id, 'standings'] })
  }
  const register = useMutation({
    meta: { silent: true },
    mutationFn: () => registerSquad(t.id, name.trim()),
    onSuccess: update,
  })
  const join = useMutation({
    meta: { silent: true },
    mutationFn: () => joinSquad(t.id, code.trim()),
    onSuccess: update,
  })
  const leave = useMutation({
    meta: { silent: true },
    mutationFn: () => leaveTournament(t.id),
    onSuccess: update,
  })
  return { register, join, leave }
}

type SquadMutations = ReturnType<typeof useSquadMutations>

function MySquad({
  t,
  mine,
  leave,
}: {
  t: Tournament
  mine: NonNullable<Tournament['my_squad']>
  leave: SquadMutations['leave']
}) {
  return (
    <Card>
      <div data-testid="my-squad">
        <div className={styles.sectionTitle}>Your squad: {mine.name}</div>
        <p className={styles.muted}>
          {mine.members.map((m) => `${m.user.username} (${m.in_game_name})`).join(', ')} ·{' '}
          {mine.members_count}/{t.team_size} players
          {mine.eliminated_in_round ? ` · out in round ${mine.eliminated_in_round}` : ''}
        </p>
        {mine.invite_code && t.registration_open && mine.members_count < t.team_size ? (
          <p>
            Invite code: <span className={styles.code}>{mine.invite_code}</span> — your squad mates join with
            it.
          </p>
        ) : null}
        {t.registration_open ? (
          <Button variant="secondary" small busy={leave.isPending} onClick={() => leave.mutate()}>
            Leave the squad
          </Button>
        ) : null}
        {leave.isError ? <Alert>{leave.error.message}</Alert> : null}
      </div>
    </Card>
  )
}

function JoinByCode({
  code,
  setCode,
  join,
  errors,
}: {
  code: string
  setCode: (code: string) => void
  join: SquadMutations['join']
  errors: FieldErrorMap
}) {
  const submitJoin = (e: FormEvent) => {
    e.preventDefault()
    join.mutate()
  }
  const joinProblem = problemOf(join.error, ['invite_code'])
  return (
    <>
      <form onSubmit={submitJoin} className={styles.row} noValidate data-testid="join-form">
        <TextField
          label="…or join a squad by its invite code"
          name="invite_code"
          value={code}
          placeholder="e.g. TABCD2345"
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          errors={errors.invite_code}
        />
        <Button type="submit" variant="secondary" busy={join.isPending} data-testid="join-squad">
          Join
        </Button>
      </form>
      {joinProblem ? (
        <Alert>
          {join.error instanceof ApiError && join.error.status === 404
            ? 'No squad of this tournament has that code.'
            : withSettingsLink(joinProblem)}
        </Alert>
      ) : null}
    </>
  )
}

/** A message with no field to stand under: a 422 of other fields, or a 403/404/409. */
function problemOf(error: unknown, fields: string[]): string | null {
  if (!(error instanceof ApiError)) return null
  return error.isValidation ? unplacedError(error, fields) : error.message
}

/** The 403's message names the game account to add; link the settings page it names. */
function withSettingsLink(message: string) {
  if (!message.includes('/settings/game-accounts')) return message
  return (
    <>
      {message.replace(/\s*\(\/settings\/game-accounts\)/, '')} <Link to="/profile/settings">Add it</Link>
    </>
  )
}

function Standings({ id }: { id: number }) {
  const standings = useQuery(standingsQuery(id))
  return (
    <section className={styles.section} data-testid="standings">
      <h2 className={styles.sectionTitle}>Standings</h2>
      {standings.isPending ? <Loading /> : null}
      {standings.isError ? <Alert>{standings.error.message}</Alert> : null}
      {standings.data && standings.data.standings.length === 0 ? (
        <EmptyState title="No squads yet">
          <p>Squads show here as they register.</p>
        </EmptyState>
      ) : null}
      {standings.data && standings.data.standings.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>#</th>
                <th>Squad</th>
                <th>Round</th>
                <th className={styles.num}>Rank</th>
                <th className={styles.num}>Points</th>
                <th className={styles.num}>Kills</th>
              </tr>
            </thead>
            <tbody>
              {standings.data.standings.map((s) => (
                <tr key={s.squad.id}>
                  <td>{s.position}</td>
                  <td className={styles.squadCell}>{s.squad.name}</td>
                  <td>
                    {s.reached_round === 0 ? '–' : s.reached_round}
                    {s.eliminated_in_round ? ' (out)' : ''}
                  </td>
                  <td className={styles.num}>{s.rank_in_round ?? '–'}</td>
                  <td className={styles.num}>{s.total_points}</td>
                  <td className={styles.num}>{s.total_kills}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
