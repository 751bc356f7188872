import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '../../../components/Button'
import { Card, Loading } from '../../../components/Common'
import { Alert, TextField } from '../../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../../components/form-errors'
import { useTextForm } from '../../../components/text-form'
import { ApiError } from '../../../lib/api'
import { formatClock, relativeTime } from '../../../lib/format'
import { showSnackbar } from '../../../lib/snackbar'
import { useServerNow, useServerTimeReached } from '../../../lib/use-now'
import type { EsportsContest } from './api'
import styles from './rooms.module.css'
import { type RoomDetails, roomDetailsKey, roomDetailsQuery, saveRoomDetails } from './rooms-api'

/** The reveal instant a member's 404 names ("…appear here at 2026-11-22T18:45:00.000Z, …"). */
function revealFromMessage(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null
  const iso = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/.exec(error.message)?.[0]
  return iso ? Date.parse(iso) : null
}

/**
 * An esports contest's custom room (docs/esports.md "Room details"): the id and password with
 * copy buttons for members once revealed; before that, when they appear, counting down on the
 * server's clock; for the host (or an admin) a form to set or change them. Live updates come
 * from `useEsportsContestLive` on the page (it writes into this card's query); the card also
 * asks again the moment the reveal time passes. Once the contest is completed or cancelled the
 * room is over: the host's form goes (the server answers 409 to a change).
 */
export function RoomDetailsCard({
  contestId,
  revealAtMs,
  status,
  mayAsk,
}: {
  contestId: number
  revealAtMs?: number | null
  status?: string
  /** Whether the viewer may see the room at all (mayAskRoom): a visitor's ask is only a 404. */
  mayAsk: boolean
}) {
  const client = useQueryClient()
  const details = useQuery({ ...roomDetailsQuery(contestId), enabled: mayAsk })
  const revealAt = details.data?.reveal_at_in_millis ?? revealAtMs ?? revealFromMessage(details.error)
  const revealed = useServerTimeReached(revealAt)
  useEffect(() => {
    if (revealed && mayAsk) void client.invalidateQueries({ queryKey: roomDetailsKey(contestId) })
  }, [revealed, mayAsk, client, contestId])

  if (!mayAsk)
    return (
      <Card>
        <div data-testid="room-details">
          <h2 className={styles.title}>Room details</h2>
          <MembersOnly revealAt={revealed ? null : revealAt} />
        </div>
      </Card>
    )
  if (details.isPending) return <Loading label="Loading room details.." />
  const data = details.data
  return (
    <Card>
      <div data-testid="room-details">
        <h2 className={styles.title}>Room details</h2>
        {data ? (
          <Shown details={data} revealed={revealed} />
        ) : (
          <Hidden error={details.error} revealAt={revealed ? null : revealAt} />
        )}
        {data?.is_host && status !== 'completed' && status !== 'cancelled' ? (
          <RoomForm contestId={contestId} details={data} />
        ) : null}
      </div>
    </Card>
  )
}

/**
 * The host, an admin (the contest answer carries the room for them) and a member may ask for the
 * room; anyone else would only be told it does not exist (docs/visibility.md), so never asks.
 */
export function mayAskRoom(
  contest: Pick<EsportsContest, 'is_host' | 'joined' | 'my_squad_id' | 'room_details'>,
) {
  return contest.is_host || contest.joined || contest.my_squad_id !== null || contest.room_details !== null
}

function Shown({ details, revealed }: { details: RoomDetails; revealed: boolean }) {
  const now = useServerNow()
  if (details.room_id === null || details.room_password === null)
    return (
      <p className={styles.note} data-testid="room-not-set">
        {revealed
          ? 'Not set yet, and the squads are locked: members are waiting for them.'
          : `Not set yet. Members see them from ${formatClock(details.reveal_at_in_millis)} (${relativeTime(details.reveal_at_in_millis, now)}).`}
      </p>
    )
  return (
    <>
      <div className={styles.values}>
        <Value label="Room ID" value={details.room_id} testId="room-id" />
        <Value label="Password" value={details.room_password} testId="room-password" />
      </div>
      {details.is_host && !revealed ? (
        <p className={styles.note} data-testid="room-reveal-note">
          Members see them from {formatClock(details.reveal_at_in_millis)} (
          {relativeTime(details.reveal_at_in_millis, now)}).
        </p>
      ) : null}
    </>
  )
}

function Value({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
      window.setTimeout(() => setCopied(false), 1500)
    } catch {
      showSnackbar('Copying is blocked here; select the text and copy it by hand.', 'info')
    }
  }
  return (
    <div className={styles.value}>
      <span className={styles.valueLabel}>{label}</span>
      <span className={styles.valueText} data-testid={testId}>
        {value}
      </span>
      <Button variant="secondary" small onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  )
}

/** A visitor's card: the room is for members; when it appears, while that is still ahead. */
function MembersOnly({ revealAt }: { revealAt: number | null }) {
  const now = useServerNow()
  return (
    <p className={styles.note} data-testid="room-members-only">
      {revealAt !== null && revealAt > now ? (
        <>
          Room details appear at <strong>{formatClock(revealAt)}</strong> ({relativeTime(revealAt, now)}), for
          the contest’s members.
        </>
      ) : (
        'Room details are for the contest’s members.'
      )}
    </p>
  )
}

function Hidden({ error, revealAt }: { error: unknown; revealAt: number | null }) {
  const now = useServerNow()
  if (!(error instanceof ApiError) || error.status !== 404)
    return <Alert>{error instanceof Error ? error.message : 'The room details could not be loaded.'}</Alert>
  if (revealAt !== null && revealAt > now)
    return (
      <p className={styles.countdown} data-testid="room-countdown">
        Room details appear at <strong>{formatClock(revealAt)}</strong> ({relativeTime(revealAt, now)}).
      </p>
    )
  if (/not set/.test(error.message))
    return (
      <p className={styles.note} data-testid="room-waiting">
        Squads are locked. The room details appear here as soon as the host sets them.
      </p>
    )
  return (
    <p className={styles.note} data-testid="room-members-only">
      Room details are for the contest’s members.
    </p>
  )
}

function RoomForm({ contestId, details }: { contestId: number; details: RoomDetails }) {
  const client = useQueryClient()
  const { form, binder } = useTextForm({
    room_id: details.room_id ?? '',
    room_password: details.room_password ?? '',
  })
  const save = useMutation({
    mutationFn: () =>
      saveRoomDetails(contestId, { room_id: form.room_id.trim(), room_password: form.room_password.trim() }),
    meta: { silent: true },
    onSuccess: (saved) => {
      client.setQueryData(roomDetailsKey(contestId), saved)
      showSnackbar('Room details saved', 'info')
    },
  })
  const field = binder(fieldErrorsOf(save.error))
  const general =
    save.error instanceof ApiError && save.error.status !== 422
      ? save.error.message
      : unplacedError(save.error, ['room_id', 'room_password'])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  const roomField = (key: 'room_id' | 'room_password', label: string, hint: string) => (
    <TextField label={label} {...field(key)} hint={hint} maxLength={40} autoComplete="off" />
  )
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="room-form">
      {general ? <Alert>{general}</Alert> : null}
      <div className={styles.formRow}>
        {roomField('room_id', 'Room ID', '3 to 20 letters or digits')}
        {roomField('room_password', 'Room password', '1 to 20 characters, no spaces')}
      </div>
      <div>
        <Button type="submit" busy={save.isPending} data-testid="room-save">
          {details.room_id === null ? 'Set room details' : 'Change room details'}
        </Button>
      </div>
    </form>
  )
}
