import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { Button } from '../../components/Button'
import { Avatar, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { useDebounced } from '../../lib/use-debounced'
import { searchQuery } from '../posts'
import { addMembers, GROUPS_KEY, groupPath, groupQuery } from './api'
import styles from './groups.module.css'
import { SearchBox } from './SearchGroupsPage'

type Person = { slug: string; username: string; image_url: string | null }

/**
 * `/groups/:id/add-members`: find people by name (the discover search) and add the ones
 * picked (POST /api/groups/{uuid}/members {user_slugs}). People already in it are marked.
 */
export function AddMembersPage() {
  const uuid = useParams().id ?? ''
  const group = useQuery(groupQuery(uuid))
  const [q, setQ] = useState('')
  const settled = useDebounced(q.trim(), 250)
  const people = useQuery({ ...searchQuery(settled), enabled: settled.length >= 2 })
  const [picked, setPicked] = useState<Person[]>([])
  const add = useAddMembers(uuid, picked)
  if (group.isPending) return <Loading />
  if (group.isError) return <Alert>{group.error.message}</Alert>
  const inGroup = new Set(group.data.group_members.map((m) => m.slug))
  const toggle = (person: Person) =>
    setPicked((all) =>
      all.some((p) => p.slug === person.slug) ? all.filter((p) => p.slug !== person.slug) : [...all, person],
    )
  return (
    <div className={styles.narrow} data-testid="add-members-page">
      <PageHead
        title="Add members"
        subtitle={<Link to={groupPath(uuid)}>{group.data.name || 'Conversation'}</Link>}
      />
      {add.error ? <Alert>{add.error.message}</Alert> : null}
      <SearchBox
        label="Search people"
        placeholder="Search people by name"
        value={q}
        onChange={setQ}
        testId="people-search"
      />
      <Picked people={picked} onDrop={toggle} />
      {settled.length < 2 ? (
        <p className={styles.hint}>Type at least two letters of a name.</p>
      ) : people.isPending ? (
        <Loading />
      ) : people.isError ? (
        <Alert>{people.error.message}</Alert>
      ) : people.data.users.length === 0 ? (
        <EmptyState title={`Nobody matches “${settled}”`} />
      ) : (
        <ul className={styles.list}>
          {people.data.users.map((user) => (
            <PersonResult
              key={user.slug}
              user={user}
              member={inGroup.has(user.slug)}
              chosen={picked.some((p) => p.slug === user.slug)}
              toggle={toggle}
            />
          ))}
        </ul>
      )}
      <div className={styles.footerBar}>
        <Button
          block
          disabled={picked.length === 0}
          busy={add.isPending}
          onClick={() => add.mutate()}
          data-testid="add-members"
        >
          {picked.length === 0 ? 'Pick people to add' : `Add ${picked.length}`}
        </Button>
      </div>
    </div>
  )
}

/** The people picked so far, each a chip that drops them. */
function Picked({ people, onDrop }: { people: Person[]; onDrop: (person: Person) => void }) {
  if (people.length === 0) return null
  return (
    <div className={styles.chips} data-testid="picked">
      {people.map((p) => (
        <button key={p.slug} type="button" className={styles.chip} onClick={() => onDrop(p)}>
          {p.username} ✕
        </button>
      ))}
    </div>
  )
}

/** Adds the people picked, then opens the group's details. */
function useAddMembers(uuid: string, picked: Person[]) {
  const navigate = useNavigate()
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      addMembers(
        uuid,
        picked.map((p) => p.slug),
      ),
    meta: { silent: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...GROUPS_KEY, 'one', uuid] })
      navigate(`${groupPath(uuid)}/details`)
    },
  })
}

/** A person found: already in the group, or picked, or to pick. */
function PersonResult({
  user,
  member,
  chosen,
  toggle,
}: {
  user: Person & { full_name?: string | null }
  member: boolean
  chosen: boolean
  toggle: (person: Person) => void
}) {
  return (
    <li className={styles.groupRow} data-testid="person-result">
      <Avatar src={user.image_url} name={user.username} size={40} />
      <span className={styles.rowText}>
        <strong className={styles.rowName}>{user.username}</strong>
        {user.full_name ? <span className={styles.preview}>{user.full_name}</span> : null}
      </span>
      {member ? (
        <span className={styles.hint}>In the group</span>
      ) : (
        <Button
          small
          variant={chosen ? 'primary' : 'secondary'}
          aria-pressed={chosen}
          onClick={() => toggle({ slug: user.slug, username: user.username, image_url: user.image_url })}
        >
          {chosen ? 'Picked' : 'Pick'}
        </Button>
      )}
    </li>
  )
}
