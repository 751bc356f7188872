import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Avatar, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatClock } from '../../lib/format'
import { useMe } from '../../lib/me'
import { type Group, groupImage, groupPath, groupTitle, myGroupsQuery } from './api'
import styles from './groups.module.css'
import { useChatsLive } from './live'

/**
 * `/groups`: my conversations, latest first, each with its last message, unread count and mute
 * mark — live (ChatsChannel): new conversations, messages, reads and member changes show at once.
 */
export function GroupsPage() {
  const me = useMe()
  const groups = useQuery(myGroupsQuery)
  const live = useChatsLive(Boolean(me.data))
  return (
    <div className={styles.narrow} data-testid="groups-page" data-live={live || undefined}>
      <PageHead title="Chats" subtitle="Your groups and one-to-one conversations" />
      <GroupLinks />
      {groups.isPending ? (
        <Loading />
      ) : groups.isError ? (
        <Alert>{groups.error.message}</Alert>
      ) : groups.data.length === 0 ? (
        <EmptyState title="No conversations yet">
          <p>Start a group, join one with an invite code, or message someone from their profile.</p>
        </EmptyState>
      ) : (
        <ul className={styles.list} data-testid="groups-list">
          {groups.data.map((group) => (
            <GroupRow key={group.group_uuid_id} group={group} mySlug={me.data?.slug} />
          ))}
        </ul>
      )}
    </div>
  )
}

export function GroupLinks() {
  return (
    <div className={styles.links}>
      <ButtonLink to="/groups/new" small data-testid="new-group-link">
        New group
      </ButtonLink>
      <ButtonLink to="/groups/search" small variant="secondary">
        Find groups
      </ButtonLink>
      <ButtonLink to="/groups/invite" small variant="secondary">
        Join with a code
      </ButtonLink>
    </div>
  )
}

function GroupRow({ group, mySlug }: { group: Group; mySlug: string | undefined }) {
  const title = groupTitle(group, mySlug)
  const last = group.last_message
  const unread = group.unread_message_count
  const preview = last
    ? `${last.user.slug === mySlug ? 'You' : last.user.username}: ${last.message}`
    : 'No messages yet'
  return (
    <li data-testid="group-row" data-uuid={group.group_uuid_id}>
      <Link to={groupPath(group.group_uuid_id)} className={styles.groupRow}>
        <Avatar src={groupImage(group, mySlug)} name={title} size={48} />
        <span className={styles.rowText}>
          <span className={styles.rowTop}>
            <strong className={styles.rowName}>{title}</strong>
            {group.is_muted ? (
              <span className={styles.mutedMark} data-testid="muted-mark" title="Muted">
                Muted
              </span>
            ) : null}
            {last ? <span className={styles.rowTime}>{formatClock(last.created_at_in_millis)}</span> : null}
          </span>
          <span className={styles.rowBottom}>
            <span className={unread > 0 ? `${styles.preview} ${styles.unreadText}` : styles.preview}>
              {preview}
            </span>
            {unread > 0 ? (
              <span
                className={group.is_muted ? `${styles.unread} ${styles.unreadMuted}` : styles.unread}
                data-testid="unread-badge"
                title={`${unread} unread`}
              >
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  )
}
