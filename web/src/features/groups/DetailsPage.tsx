import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Avatar, Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ApiError } from '../../lib/api'
import { useMe } from '../../lib/me'
import { showSnackbar } from '../../lib/snackbar'
import {
  GROUPS_KEY,
  type Group,
  type GroupMember,
  groupImage,
  groupPath,
  groupQuery,
  groupTitle,
  membersLabel,
  membersQuery,
  removeMember,
  setMuted,
  shareGroup,
} from './api'
import styles from './groups.module.css'
import { useChatsLive } from './live'

/**
 * `/groups/:id/details`: who is in it (with roles), mute, the invite to share, leave; the
 * creator and admins remove members. A one-to-one has no invite and no removing. The members
 * follow joins and leaves live (ChatsChannel).
 */
export function DetailsPage() {
  const uuid = useParams().id ?? ''
  const me = useMe()
  const group = useQuery(groupQuery(uuid))
  const members = useQuery(membersQuery(uuid))
  // Joins and leaves move the member list while it is open.
  useChatsLive(Boolean(me.data))
  if (group.isPending || me.isPending) return <Loading />
  if (group.isError)
    return group.error instanceof ApiError && group.error.status === 404 ? (
      <EmptyState title="No such conversation">
        <Link to="/groups">Back to your chats</Link>
      </EmptyState>
    ) : (
      <Alert>{group.error.message}</Alert>
    )
  const g = group.data
  const mySlug = me.data?.slug
  const mine = (members.data ?? g.group_members).find((m) => m.slug === mySlug)
  const canRemove = g.kind === 'group' && (mine?.role === 'admin' || mine?.is_creator === true)
  const title = groupTitle(g, mySlug)
  return (
    <div className={styles.narrow} data-testid="group-details">
      <PageHead title={title} subtitle={<Link to={groupPath(uuid)}>Back to the chat</Link>} />
      <Card className={styles.detailsHead}>
        <Avatar src={groupImage(g, mySlug)} name={title} size={72} />
        <div>
          {g.description ? <p className={styles.description}>{g.description}</p> : null}
          <p className={styles.hint}>
            {g.kind === 'one_to_one'
              ? 'One-to-one conversation'
              : `${membersLabel(g.members_count)} · ${g.is_public ? 'Public group' : 'Private group'}`}
          </p>
        </div>
      </Card>
      <MuteCard group={g} />
      {g.kind === 'group' ? <ShareCard uuid={uuid} isAdmin={mine?.role === 'admin'} /> : null}
      <Card>
        <div className={styles.cardHead}>
          <h2 className={styles.sectionTitle}>Members</h2>
          {g.kind === 'group' ? (
            <ButtonLink to={`${groupPath(uuid)}/add-members`} small variant="secondary">
              Add members
            </ButtonLink>
          ) : null}
        </div>
        {members.isPending ? (
          <Loading />
        ) : members.isError ? (
          <Alert>{members.error.message}</Alert>
        ) : (
          <ul className={styles.list} data-testid="members-list">
            {members.data.map((m) => (
              <MemberRow
                key={m.slug}
                uuid={uuid}
                member={m}
                isMe={m.slug === mySlug}
                canRemove={canRemove && !m.is_creator && m.slug !== mySlug}
              />
            ))}
          </ul>
        )}
      </Card>
      <LeaveCard uuid={uuid} mySlug={mySlug ?? ''} kind={g.kind} />
    </div>
  )
}

function MuteCard({ group }: { group: Group }) {
  const client = useQueryClient()
  const toggle = useMutation({
    mutationFn: () => setMuted(group.group_uuid_id, !group.is_muted),
    onSuccess: ({ group: fresh }) => {
      client.setQueryData(groupQuery(group.group_uuid_id).queryKey, fresh)
      void client.invalidateQueries({ queryKey: [...GROUPS_KEY, 'mine'] })
    },
  })
  return (
    <Card className={styles.rowCard}>
      <div>
        <strong>Notifications</strong>
        <p className={styles.hint} data-testid="mute-state">
          {group.is_muted ? 'Muted: no notifications for new messages' : 'On: you are told of new messages'}
        </p>
      </div>
      <Button
        small
        variant="secondary"
        busy={toggle.isPending}
        onClick={() => toggle.mutate()}
        data-testid="mute-toggle"
      >
        {group.is_muted ? 'Unmute' : 'Mute'}
      </Button>
    </Card>
  )
}

function ShareCard({ uuid, isAdmin }: { uuid: string; isAdmin: boolean }) {
  const share = useMutation({ mutationFn: (reset: boolean) => shareGroup(uuid, reset) })
  const [copied, setCopied] = useState(false)
  const reset = () => {
    if (!window.confirm('Make a new invite link? The old link and code stop working.')) return
    setCopied(false)
    share.mutate(true, {
      onSuccess: () => showSnackbar('New invite link made; the old one no longer works.'),
    })
  }
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      showSnackbar('Could not copy: select the link and copy it yourself.')
    }
  }
  return (
    <Card>
      <h2 className={styles.sectionTitle}>Invite people</h2>
      {share.data ? (
        <div className={styles.share} data-testid="share-box">
          <p className={styles.codeLine}>
            Code <code data-testid="share-code">{share.data.invite_code}</code>
          </p>
          <input
            className={styles.search}
            readOnly
            value={share.data.invite_url}
            aria-label="Invite link"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-url"
          />
          <div className={styles.shareActions}>
            <Button small onClick={() => void copy(share.data.invite_url)} data-testid="share-copy">
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            {isAdmin ? (
              <Button
                small
                variant="secondary"
                busy={share.isPending}
                onClick={reset}
                data-testid="share-reset"
              >
                New link
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <Button
          small
          variant="secondary"
          busy={share.isPending}
          onClick={() => share.mutate(false)}
          data-testid="share-group"
        >
          Share invite link
        </Button>
      )}
      {share.isError ? <Alert>{share.error.message}</Alert> : null}
    </Card>
  )
}

function MemberRow({
  uuid,
  member,
  isMe,
  canRemove,
}: {
  uuid: string
  member: GroupMember
  isMe: boolean
  canRemove: boolean
}) {
  const client = useQueryClient()
  const remove = useMutation({
    mutationFn: () => removeMember(uuid, member.slug),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...GROUPS_KEY, 'one', uuid] }),
  })
  const role = member.is_creator ? 'Creator' : member.role === 'admin' ? 'Admin' : null
  return (
    <li className={styles.groupRow} data-testid="member-row" data-slug={member.slug}>
      <Link to={`/users/${encodeURIComponent(member.slug)}`} className={styles.memberLink}>
        <Avatar src={member.image_url} name={member.username} size={40} />
        <strong className={styles.rowName}>
          {member.username}
          {isMe ? ' (you)' : ''}
        </strong>
      </Link>
      {role ? <span className={styles.role}>{role}</span> : null}
      {canRemove ? (
        <Button
          small
          variant="danger"
          busy={remove.isPending}
          onClick={() => {
            if (window.confirm(`Remove ${member.username} from the group?`)) remove.mutate()
          }}
          data-testid="remove-member"
        >
          Remove
        </Button>
      ) : null}
    </li>
  )
}

function LeaveCard({ uuid, mySlug, kind }: { uuid: string; mySlug: string; kind: Group['kind'] }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const leave = useMutation({
    mutationFn: () => removeMember(uuid, mySlug),
    onSuccess: () => {
      client.removeQueries({ queryKey: [...GROUPS_KEY, 'one', uuid] })
      void client.invalidateQueries({ queryKey: [...GROUPS_KEY, 'mine'] })
      navigate('/groups', { replace: true })
    },
  })
  const what = kind === 'group' ? 'group' : 'conversation'
  return (
    <div className={styles.leave}>
      <Button
        variant="danger"
        busy={leave.isPending}
        onClick={() => {
          if (window.confirm(`Leave this ${what}? You will stop getting its messages.`)) leave.mutate()
        }}
        data-testid="leave-group"
      >
        Leave {what}
      </Button>
    </div>
  )
}
