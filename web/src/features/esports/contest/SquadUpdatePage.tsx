import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Button } from '../../../components/Button'
import { Card, EmptyState, Loading } from '../../../components/Common'
import { Alert, TextField } from '../../../components/Field'
import { ApiError } from '../../../lib/api'
import { useMe } from '../../../lib/me'
import { usePageTitle } from '../../../lib/page-title'
import { showSnackbar } from '../../../lib/snackbar'
import {
  type EsportsContest,
  type EsportsSquad,
  esportsContestQuery,
  MEMBERS_TYPE,
  type MembersType,
  squadCalls,
  squadsQuery,
  useSquadWrite,
} from './api'
import { EsportsContestNav, navInfo } from './ContestNav'
import css from './esports.module.css'
import { useEsportsContestLive } from './live'

const fieldsOf = (error: unknown): Record<string, string[]> =>
  error instanceof ApiError && error.isValidation ? error.fields : {}
const messageOf = (error: unknown): string | null =>
  error && !(error instanceof ApiError && error.isValidation) ? (error as Error).message : null

/**
 * `/contests/{id}/squad-update`: the captain renames the squad, orders its positions, removes
 * a member or hands over the captaincy; every member edits their own in-game name. All of it
 * is disabled, with the reason, once the contest is locked.
 */
export function SquadUpdatePage() {
  usePageTitle('My squad', 'Esports')
  const id = Number(useParams().id)
  useEsportsContestLive(id)
  const contest = useQuery(esportsContestQuery(id))
  const squads = useQuery(squadsQuery(id))
  const me = useMe()
  if (contest.isPending || squads.isPending || me.isPending) return <Loading />
  if (contest.isError) return <Alert>{contest.error.message}</Alert>
  if (squads.isError) return <Alert>{squads.error.message}</Alert>
  const squad = squads.data.squads.find((s) => s.id === squads.data.my_squad_id)
  return (
    <div className={css.page} data-testid="squad-update-page">
      <div className={css.head}>
        <h1 className={css.title}>My squad · {contest.data.name}</h1>
      </div>
      <EsportsContestNav info={navInfo(contest.data, Boolean(squad))} />
      {!squad || !me.data ? (
        <EmptyState title="You are not in this contest">
          <Link to={`/contests/${id}`}>Join it from the contest page</Link>
        </EmptyState>
      ) : (
        <SquadEditor contest={contest.data} squad={squad} meId={me.data.id} />
      )}
    </div>
  )
}

function SquadEditor({
  contest: c,
  squad,
  meId,
}: {
  contest: EsportsContest
  squad: EsportsSquad
  meId: number
}) {
  const locked = c.status !== 'open'
  const captain = squad.captain.id === meId
  const type = MEMBERS_TYPE[c.game] ?? 'pubg'
  const myRow = squad.members.find((m) => m.user.id === meId)
  return (
    <>
      {locked ? (
        <Alert>Squads are final: the contest is {c.status}. Nothing here can change any more.</Alert>
      ) : !captain ? (
        <p className={css.muted}>
          Only the captain, {squad.captain.username}, renames the squad and orders it.
        </p>
      ) : null}
      {captain ? <RenameCard contest={c} squad={squad} disabled={locked} /> : null}
      <MembersCard contest={c} squad={squad} meId={meId} captain={captain} disabled={locked} type={type} />
      {myRow ? (
        <MyNameCard
          contest={c}
          memberId={myRow.id}
          current={myRow.in_game_name}
          disabled={locked}
          type={type}
        />
      ) : null}
    </>
  )
}

function RenameCard({
  contest: c,
  squad,
  disabled,
}: {
  contest: EsportsContest
  squad: EsportsSquad
  disabled: boolean
}) {
  const [name, setName] = useState(squad.name)
  const rename = useSquadWrite(c.id, (n: string) => squadCalls.rename(squad.id, n))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    rename.mutate(name.trim(), { onSuccess: () => showSnackbar('Squad renamed', 'info') })
  }
  return (
    <Card>
      <form onSubmit={submit} data-testid="rename-squad">
        <TextField
          label="Squad name"
          value={name}
          maxLength={24}
          disabled={disabled}
          onChange={(e) => setName(e.target.value)}
          errors={fieldsOf(rename.error).name}
          hint="2–24 characters, not another squad’s name"
        />
        {messageOf(rename.error) ? <Alert>{messageOf(rename.error)}</Alert> : null}
        <Button type="submit" small busy={rename.isPending} disabled={disabled || name.trim() === squad.name}>
          Rename
        </Button>
      </form>
    </Card>
  )
}

/** The members' positions as typed (reset whenever the squad changes) and saving them in one call. */
function usePositions(contestId: number, squad: EsportsSquad, type: MembersType) {
  const [positions, setPositions] = useState<Record<number, string>>({})
  useEffect(() => {
    setPositions(Object.fromEntries(squad.members.map((m) => [m.id, String(m.position)])))
  }, [squad.members])
  const reorder = useSquadWrite(contestId, (members: Array<{ id: number; position: number }>) =>
    squadCalls.reorder(type, squad.id, members),
  )
  const save = (e: FormEvent) => {
    e.preventDefault()
    reorder.mutate(
      squad.members.map((m) => ({ id: m.id, position: Number(positions[m.id] ?? m.position) })),
      { onSuccess: () => showSnackbar('Positions saved', 'info') },
    )
  }
  return { positions, setPositions, reorder, save }
}

function MembersCard({
  contest: c,
  squad,
  meId,
  captain,
  disabled,
  type,
}: {
  contest: EsportsContest
  squad: EsportsSquad
  meId: number
  captain: boolean
  disabled: boolean
  type: MembersType
}) {
  const { positions, setPositions, reorder, save } = usePositions(c.id, squad, type)
  const remove = useSquadWrite(c.id, (userId: number) => squadCalls.remove(squad.id, userId))
  const handOver = useSquadWrite(c.id, (userId: number) => squadCalls.captain(squad.id, userId))
  const fields = fieldsOf(reorder.error)
  const error = messageOf(reorder.error) ?? messageOf(remove.error) ?? messageOf(handOver.error)
  return (
    <Card>
      <h2 className={css.cardTitle}>Members</h2>
      {error ? <Alert>{error}</Alert> : null}
      {fields.members ? <Alert>{fields.members.join(', ')}</Alert> : null}
      <form onSubmit={save}>
        <ul className={css.members} data-testid="squad-update-members">
          {squad.members.map((m, i) => (
            <li key={m.id} className={css.member}>
              <span>
                {m.in_game_name} <span className={css.muted}>({m.user.username})</span>
                {m.user.id === squad.captain.id ? <span className={css.badge}> Captain</span> : null}
              </span>
              <span className={css.row}>
                <PositionField
                  captain={captain}
                  m={m}
                  i={i}
                  squad={squad}
                  disabled={disabled}
                  positions={positions}
                  setPositions={setPositions}
                  fields={fields}
                />
                <CaptainActions
                  m={m}
                  disabled={disabled}
                  handOver={handOver}
                  remove={remove}
                  meId={meId}
                  captain={captain}
                />
              </span>
            </li>
          ))}
        </ul>
        {captain && squad.members_count > 1 ? (
          <Button type="submit" small busy={reorder.isPending} disabled={disabled}>
            Save positions
          </Button>
        ) : null}
      </form>
    </Card>
  )
}

function MyNameCard({
  contest: c,
  memberId,
  current,
  disabled,
  type,
}: {
  contest: EsportsContest
  memberId: number
  current: string
  disabled: boolean
  type: MembersType
}) {
  const [name, setName] = useState(current)
  const edit = useSquadWrite(c.id, (n: string) => squadCalls.editMember(type, memberId, { in_game_name: n }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    edit.mutate(name.trim(), { onSuccess: () => showSnackbar('In-game name saved', 'info') })
  }
  return (
    <Card>
      <form onSubmit={submit} data-testid="edit-my-name">
        <TextField
          label="My in-game name in this contest"
          value={name}
          maxLength={32}
          disabled={disabled}
          onChange={(e) => setName(e.target.value)}
          errors={fieldsOf(edit.error).in_game_name}
          hint="What the host looks for in the room"
        />
        {messageOf(edit.error) ? <Alert>{messageOf(edit.error)}</Alert> : null}
        <Button type="submit" small busy={edit.isPending} disabled={disabled || name.trim() === current}>
          Save name
        </Button>
      </form>
    </Card>
  )
}

/** The captain's hand-over and removal of another member, each confirmed first. */
function CaptainActions({
  m,
  disabled,
  handOver,
  remove,
  meId,
  captain,
}: {
  m: EsportsSquad['members'][number]
  disabled: boolean
  handOver: { isPending: boolean; mutate: (userId: number) => void }
  remove: { isPending: boolean; mutate: (userId: number) => void }
  meId: number
  captain: boolean
}) {
  return (
    <>
      {captain && m.user.id !== meId ? (
        <>
          <Button
            small
            variant="ghost"
            disabled={disabled}
            busy={handOver.isPending}
            onClick={() => {
              if (window.confirm(`Make ${m.user.username} the captain?`)) handOver.mutate(m.user.id)
            }}
          >
            Make captain
          </Button>
          <Button
            small
            variant="danger"
            disabled={disabled}
            busy={remove.isPending}
            onClick={() => {
              if (window.confirm(`Remove ${m.user.username}? Their entry fee is refunded.`))
                remove.mutate(m.user.id)
            }}
          >
            Remove
          </Button>
        </>
      ) : null}
    </>
  )
}

/** The member's position: editable by the captain, shown to the others. */
function PositionField({
  captain,
  m,
  i,
  squad,
  disabled,
  positions,
  setPositions,
  fields,
}: {
  captain: boolean
  m: EsportsSquad['members'][number]
  i: number
  squad: EsportsSquad
  disabled: boolean
  positions: Record<number, string>
  setPositions: (next: Record<number, string>) => void
  fields: Record<string, string[] | undefined>
}) {
  return (
    <>
      {captain ? (
        <div className={css.positionInput}>
          <TextField
            label="Position"
            type="number"
            min={1}
            max={squad.members_count}
            disabled={disabled}
            value={positions[m.id] ?? String(m.position)}
            onChange={(e) => setPositions({ ...positions, [m.id]: e.target.value })}
            errors={fields[`members.${i}.position`]}
          />
        </div>
      ) : (
        <span className={css.muted}>Position {m.position}</span>
      )}
    </>
  )
}
