import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { Button } from '../../../components/Button'
import { Card, EmptyState, Loading } from '../../../components/Common'
import { Alert, TextField } from '../../../components/Field'
import { useMe } from '../../../lib/me'
import { usePageTitle } from '../../../lib/page-title'
import { showSnackbar } from '../../../lib/snackbar'
import { useDebounced } from '../../../lib/use-debounced'
import {
  type EsportsContest,
  type EsportsSquad,
  esportsContestQuery,
  searchAccounts,
  squadCalls,
  squadsQuery,
  useJoin,
  useSquadWrite,
} from './api'
import { EsportsContestNav, navInfo } from './ContestNav'
import css from './esports.module.css'
import { useEsportsContestLive } from './live'

/** `/contests/{id}/squads` for an esports contest: every squad, my squad's invite link, the captain's invites. */
export function EsportsSquadsPage() {
  usePageTitle('Squads', 'Esports')
  const id = Number(useParams().id)
  useEsportsContestLive(id)
  const contest = useQuery(esportsContestQuery(id))
  const squads = useQuery(squadsQuery(id))
  if (squads.isPending) return <Loading />
  // A private contest is hidden from non-members (404), but its squads' invite links still join.
  if (squads.isError)
    return (
      <div className={css.page} data-testid="esports-squads-page">
        <InviteJoin contestId={id} open={true} />
        <Alert>{squads.error.message}</Alert>
      </div>
    )
  const mine = squads.data.squads.find((s) => s.id === squads.data.my_squad_id) ?? null
  const c = contest.data
  return (
    <div className={css.page} data-testid="esports-squads-page">
      <div className={css.head}>
        <h1 className={css.title}>Squads{c ? ` · ${c.name}` : ''}</h1>
      </div>
      {c ? <EsportsContestNav info={navInfo(c, Boolean(mine))} /> : null}
      {!mine ? <InviteJoin contestId={id} open={c ? c.status === 'open' : true} /> : null}
      {c && mine ? <MyInvite contest={c} squad={mine} /> : null}
      {squads.data.squads.length === 0 ? (
        <EmptyState title="No squads yet">Be the first to join.</EmptyState>
      ) : (
        <div className={css.squadList}>
          {squads.data.squads.map((s) => (
            <Card key={s.id}>
              <h2 className={css.cardTitle}>
                #{s.slot_no} {s.name} {s.id === mine?.id ? <span className={css.badge}>Mine</span> : null}
              </h2>
              <ul className={css.members} data-testid="squad-members">
                {s.members.map((m) => (
                  <li key={m.id} className={css.member}>
                    <span>
                      {m.position}. {m.in_game_name} <span className={css.muted}>({m.user.username})</span>
                    </span>
                    <span className={css.row}>
                      {m.character_id ? (
                        <span className={`${css.muted} ${css.code}`}>{m.character_id}</span>
                      ) : null}
                      {m.user.id === s.captain.id ? <span className={css.badge}>Captain</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
              {c ? (
                <p className={css.muted}>
                  {s.members_count} of {c.team_size}
                </p>
              ) : null}
            </Card>
          ))}
        </div>
      )}
    </div>
  )
}

/** Arrived by an invite link (`?invite=CODE`): join that squad in one tap. */
function InviteJoin({ contestId, open }: { contestId: number; open: boolean }) {
  const [params] = useSearchParams()
  const code = params.get('invite')
  const join = useJoin(contestId)
  if (!code || !open) return null
  return (
    <Card>
      <h2 className={css.cardTitle}>You were invited to a squad</h2>
      {join.error ? (
        <Alert>
          {join.error.message}
          {/game account/.test(join.error.message) ? (
            <>
              {' '}
              <Link to="/profile/settings">Open settings</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <Button busy={join.isPending} onClick={() => join.mutate({ squad_invite_code: code })}>
        Join with code {code}
      </Button>
    </Card>
  )
}

function MyInvite({ contest: c, squad }: { contest: EsportsContest; squad: EsportsSquad }) {
  const me = useMe()
  // Nobody joins after the lock: the invite goes with it.
  if (c.team_size === 1 || !squad.invite_code || c.status !== 'open') return null
  const link = `${window.location.origin}/contests/${c.id}/squads?invite=${squad.invite_code}`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      showSnackbar('Invite link copied', 'info')
    } catch {
      showSnackbar('Copy failed: select the link and copy it')
    }
  }
  const isCaptain = me.data?.id === squad.captain.id
  return (
    <Card>
      <h2 className={css.cardTitle}>Invite your squad</h2>
      <p className={`${css.code}`} data-testid="invite-link">
        {link}
      </p>
      <div className={css.row}>
        <Button small variant="secondary" onClick={copy}>
          Copy link
        </Button>
        <Link to={`/contests/${c.id}/squad-update`}>Manage my squad</Link>
      </div>
      {isCaptain && c.status === 'open' ? <InviteByName contest={c} squad={squad} /> : null}
    </Card>
  )
}

function InviteByName({ contest: c, squad }: { contest: EsportsContest; squad: EsportsSquad }) {
  const [name, setName] = useState('')
  const search = useDebounced(name.trim(), 300)
  const hits = useQuery({
    queryKey: ['esports-account-search', c.game, search],
    queryFn: () => searchAccounts(c.game, search),
    enabled: search.length >= 2,
  })
  const invite = useSquadWrite(c.id, (username: string) => squadCalls.invite(squad.id, username))
  const send = (username: string) =>
    invite.mutate(username, {
      onSuccess: () => {
        showSnackbar(`Invited ${username}`, 'info')
        setName('')
      },
    })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (name.trim()) send(name.trim())
  }
  const fields =
    invite.error && 'fields' in invite.error ? (invite.error.fields as Record<string, string[]>) : {}
  return (
    <form onSubmit={submit} data-testid="invite-by-name" className={css.inviteForm}>
      <TextField
        label="Invite a player by username"
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={fields.username}
        hint="Players with a verified game account show as you type"
      />
      {hits.data && hits.data.length > 0 ? (
        <ul className={css.hits}>
          {hits.data.slice(0, 5).map((h) => (
            <li key={h.id} className={css.member}>
              <span>
                {h.in_game_name} <span className={css.muted}>({h.user.username})</span>
              </span>
              <Button small variant="ghost" onClick={() => send(h.user.username)}>
                Invite
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {invite.error && !fields.username ? <Alert>{invite.error.message}</Alert> : null}
      <Button type="submit" small busy={invite.isPending} disabled={!name.trim()}>
        Send invite
      </Button>
    </form>
  )
}
