import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { Button } from '../../../components/Button'
import { Card, Loading } from '../../../components/Common'
import { Alert, TextField } from '../../../components/Field'
import { ApiError } from '../../../lib/api'
import { formatDateTime, formatMoney, relativeTime } from '../../../lib/format'
import { usePageTitle } from '../../../lib/page-title'
import { useServerNow } from '../../../lib/use-now'
import {
  type EsportsContest,
  type EsportsSquad,
  esportsContestQuery,
  squadsQuery,
  useJoin,
  useLeave,
} from './api'
import { EsportsContestNav, navInfo } from './ContestNav'
import css from './esports.module.css'
import { useEsportsContestLive } from './live'
import { mayAskRoom, RoomDetailsCard } from './RoomDetailsCard'

const STATUS_LABEL: Record<EsportsContest['status'], string> = {
  open: 'Open: joining',
  locked: 'Locked: squads final',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

/** The error of a failed call: field messages go under their fields, the rest on top. */
function errorParts(error: unknown): { message: string | null; fields: Record<string, string[]> } {
  if (!error) return { message: null, fields: {} }
  if (error instanceof ApiError && error.isValidation) return { message: null, fields: error.fields }
  return { message: error instanceof Error ? error.message : String(error), fields: {} }
}

/**
 * `/contests/{id}` for an esports contest (ids above 1,000,000; docs/esports.md): live over
 * /cable (one subscription for the page), the room card, my squad or the join forms.
 */
export function EsportsContestPage() {
  const id = Number(useParams().id)
  const live = useEsportsContestLive(id)
  const contest = useQuery(esportsContestQuery(id))
  usePageTitle(contest.data?.name, 'Esports')
  const squads = useQuery({ ...squadsQuery(id), enabled: contest.isSuccess })
  if (contest.isPending) return <Loading />
  if (contest.isError) return <Alert>{contest.error.message}</Alert>
  return (
    <ContestView
      live={live.connected}
      contest={contest.data}
      squads={squads.data?.squads ?? []}
      mySquadId={squads.data?.my_squad_id ?? contest.data.my_squad_id}
    />
  )
}

function ContestView({
  live,
  contest: c,
  squads,
  mySquadId,
}: {
  live: boolean
  contest: EsportsContest
  squads: EsportsSquad[]
  mySquadId: number | null
}) {
  const mine = squads.find((s) => s.id === mySquadId) ?? null
  const slotsLeft = Math.max(0, c.slots - c.squads_count)
  return (
    <div className={css.page} data-testid="esports-contest-page" data-live={live}>
      <div className={css.head}>
        <h1 className={css.title}>{c.name}</h1>
        <span className={css.badge} data-testid="esports-status">
          {STATUS_LABEL[c.status]}
        </span>
        {c.is_private ? <span className={css.badge}>Private</span> : null}
      </div>
      <p className={css.muted}>
        {c.game_name} · {c.mode} ({c.team_size} per squad){c.map ? ` · ${c.map}` : ''} · hosted by{' '}
        <Link to={`/users/${c.host?.slug}`}>{c.host?.username}</Link>
      </p>
      <EsportsContestNav info={navInfo(c, c.joined || mine !== null)} />
      {c.status_reason ? <Alert>{c.status_reason}</Alert> : null}
      <ContestFacts contest={c} slotsLeft={slotsLeft} />
      <div className={css.columns}>
        {c.status === 'cancelled' ? null : (
          <RoomDetailsCard
            contestId={c.id}
            revealAtMs={c.reveal_at_in_millis}
            status={c.status}
            mayAsk={mayAskRoom(c) || mine !== null}
          />
        )}
        <PrizesCard contest={c} />
      </div>
      {mine ? <MySquadCard contest={c} squad={mine} /> : <JoinCard contest={c} slotsLeft={slotsLeft} />}
    </div>
  )
}

/** Fee, prize pool, kills, slots, times, level and players, at a glance. */
function ContestFacts({ contest: c, slotsLeft }: { contest: EsportsContest; slotsLeft: number }) {
  const now = useServerNow(30_000)
  return (
    <Card>
      <dl className={css.facts}>
        <dt>Entry fee</dt>
        <dd>{c.entry_fee > 0 ? formatMoney(c.entry_fee) : 'Free'}</dd>
        <dt>Prize pool (room full)</dt>
        <dd>{formatMoney(c.prize_pool)}</dd>
        <dt>Per kill</dt>
        <dd>{c.per_kill > 0 ? formatMoney(c.per_kill) : '—'}</dd>
        <dt>Slots left</dt>
        <dd data-testid="slots-left">
          {slotsLeft} of {c.slots}
        </dd>
        <dt>Starts</dt>
        <dd title={formatDateTime(c.starts_at_in_millis)}>{relativeTime(c.starts_at_in_millis, now)}</dd>
        <dt>Squads lock</dt>
        <dd>{relativeTime(c.reveal_at_in_millis, now)}</dd>
        <dt>Min level</dt>
        <dd>{c.min_level > 0 ? c.min_level : 'Any'}</dd>
        <dt>Players</dt>
        <dd>{c.members_count}</dd>
      </dl>
    </Card>
  )
}

/** The placement prizes for a full room (and how kills are paid first). */
function PrizesCard({ contest: c }: { contest: EsportsContest }) {
  return (
    <Card>
      <h2 className={css.cardTitle}>Prizes</h2>
      <p className={css.muted}>
        For a full room; paid from the fees actually collected
        {c.per_kill > 0 ? `, kill prizes (${formatMoney(c.per_kill)} a kill) first` : ''}.
      </p>
      {c.prizes.length === 0 ? (
        <p className={css.muted}>No placement prizes{c.per_kill > 0 ? ': kills only' : ''}</p>
      ) : (
        <ul className={css.members}>
          {c.prizes.map((p) => (
            <li key={`${p.from}-${p.to}`} className={css.member}>
              <span>{p.from === p.to ? `#${p.from}` : `#${p.from}–${p.to}`}</span>
              <strong>{formatMoney(p.amount)}</strong>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function MySquadCard({ contest: c, squad }: { contest: EsportsContest; squad: EsportsSquad }) {
  const leave = useLeave(c.id)
  const inviteUrl = squad.invite_code ? `/contests/${c.id}/squads?invite=${squad.invite_code}` : null
  return (
    <Card>
      <h2 className={css.cardTitle}>
        My squad: {squad.name} <span className={css.muted}>slot {squad.slot_no}</span>
      </h2>
      <ul className={css.members} data-testid="my-squad">
        {squad.members.map((m) => (
          <li key={m.id} className={css.member}>
            <span>
              {m.position}. {m.in_game_name} <span className={css.muted}>({m.user.username})</span>
            </span>
            {m.user.id === squad.captain.id ? <span className={css.badge}>Captain</span> : null}
          </li>
        ))}
      </ul>
      {/* Nobody joins after the lock: the invite goes with it. */}
      {c.team_size > 1 && inviteUrl && c.status === 'open' ? (
        <p className={css.muted}>
          Invite code <span className={css.code}>{squad.invite_code}</span> · {squad.members_count} of{' '}
          {c.team_size} in the squad ·{' '}
          <Link to={`/contests/${c.id}/squads`} data-testid="invite-squad-link">
            Invite link
          </Link>
        </p>
      ) : null}
      {leave.error ? <Alert>{leave.error.message}</Alert> : null}
      <div className={css.row}>
        {c.status === 'open' ? (
          <Button
            variant="secondary"
            small
            busy={leave.isPending}
            onClick={() => {
              if (window.confirm('Leave this contest? Your entry fee comes back to your unused balance.'))
                leave.mutate()
            }}
          >
            Leave contest
          </Button>
        ) : (
          <span className={css.muted}>Squads are final: the contest is {c.status}</span>
        )}
      </div>
    </Card>
  )
}

function JoinCard({ contest: c, slotsLeft }: { contest: EsportsContest; slotsLeft: number }) {
  const [params] = useSearchParams()
  const [squadName, setSquadName] = useState('')
  const [code, setCode] = useState(params.get('invite') ?? '')
  const [contestCode, setContestCode] = useState(params.get('code') ?? '')
  const join = useJoin(c.id)
  const { message, fields } = errorParts(join.error)
  if (c.status !== 'open') return <JoinClosed status={c.status} />
  const privateCode = c.is_private && !c.is_host ? { invite_code: contestCode.trim() || undefined } : {}
  const create = (e: FormEvent) => {
    e.preventDefault()
    join.mutate({
      ...(c.team_size > 1 && squadName.trim() ? { squad_name: squadName.trim() } : {}),
      ...privateCode,
    })
  }
  const byCode = (e: FormEvent) => {
    e.preventDefault()
    join.mutate({ squad_invite_code: code.trim() })
  }
  const fee = c.entry_fee > 0 ? ` · ${formatMoney(c.entry_fee)}` : ' · Free'
  return (
    <Card>
      <h2 className={css.cardTitle}>Join</h2>
      <JoinProblem message={message} />
      <div className={css.columns}>
        <form onSubmit={create} data-testid="join-new-squad">
          {c.is_private && !c.is_host ? (
            <TextField
              label="Contest invite code"
              value={contestCode}
              onChange={(e) => setContestCode(e.target.value)}
              errors={fields.invite_code}
            />
          ) : null}
          {c.team_size > 1 ? (
            <TextField
              label="New squad’s name"
              placeholder="Night Owls"
              maxLength={24}
              value={squadName}
              onChange={(e) => setSquadName(e.target.value)}
              errors={fields.squad_name}
              hint="2–24 characters; you are its captain"
            />
          ) : (
            <p className={css.muted}>Solo: your squad is you, named after your in-game name.</p>
          )}
          <Button type="submit" busy={join.isPending} disabled={slotsLeft === 0}>
            {slotsLeft === 0 ? 'The room is full' : `${c.team_size > 1 ? 'Create a squad' : 'Join'}${fee}`}
          </Button>
        </form>
        {c.team_size > 1 ? (
          <SquadCodeForm
            code={code}
            onCode={setCode}
            errors={fields.squad_invite_code}
            busy={join.isPending}
            fee={fee}
            onSubmit={byCode}
          />
        ) : null}
      </div>
    </Card>
  )
}

function JoinClosed({ status }: { status: string }) {
  return (
    <Card>
      <p className={css.muted}>Joining has closed: the contest is {status}.</p>
    </Card>
  )
}

/** Why joining failed; a missing game account links to the settings where it is added. */
function JoinProblem({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <Alert>
      {message}
      {/game account/.test(message) ? (
        <>
          {' '}
          <Link to="/profile/settings">Open settings</Link>
        </>
      ) : null}
    </Alert>
  )
}

/** Joining a friend's squad with its invite code. */
function SquadCodeForm({
  code,
  onCode,
  errors,
  busy,
  fee,
  onSubmit,
}: {
  code: string
  onCode: (code: string) => void
  errors: string[] | undefined
  busy: boolean
  fee: string
  onSubmit: (e: FormEvent) => void
}) {
  return (
    <form onSubmit={onSubmit} data-testid="join-by-code">
      <TextField
        label="Squad invite code"
        placeholder="K7PX2QMA"
        value={code}
        onChange={(e) => onCode(e.target.value)}
        errors={errors}
      />
      <Button type="submit" variant="secondary" busy={busy} disabled={!code.trim()}>
        Join the squad{fee}
      </Button>
    </form>
  )
}
