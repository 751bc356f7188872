import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Avatar, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { useMe } from '../../lib/me'
import { useDebounced } from '../../lib/use-debounced'
import { GROUPS_KEY, groupPath, joinGroup, membersLabel, type PublicGroup, searchGroupsQuery } from './api'
import styles from './groups.module.css'

/** `/groups/search`: public groups by name; Join (or Open, when I am in it already). */
export function SearchGroupsPage() {
  const [q, setQ] = useState('')
  const settled = useDebounced(q.trim(), 250)
  const results = useQuery(searchGroupsQuery(settled))
  const me = useMe()
  return (
    <div className={styles.narrow} data-testid="search-groups-page">
      <PageHead title="Find groups" subtitle="Public groups anyone can join" />
      <SearchBox
        label="Search groups"
        placeholder="Search groups by name"
        value={q}
        maxLength={60}
        onChange={setQ}
        testId="group-search"
      />
      {results.isPending ? (
        <Loading />
      ) : results.isError ? (
        <Alert>{results.error.message}</Alert>
      ) : results.data.length === 0 ? (
        <EmptyState title={settled ? `No public groups match “${settled}”` : 'No public groups yet'} />
      ) : (
        <ul className={styles.list}>
          {results.data.map((group) => (
            <Result key={group.group_uuid_id} group={group} mySlug={me.data?.slug} />
          ))}
        </ul>
      )}
    </div>
  )
}

function Result({ group, mySlug }: { group: PublicGroup; mySlug: string | undefined }) {
  const navigate = useNavigate()
  const client = useQueryClient()
  const member = group.group_members.some((m) => m.slug === mySlug)
  const join = useMutation({
    mutationFn: () => joinGroup(group.invite_code),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: GROUPS_KEY })
      navigate(groupPath(group.group_uuid_id))
    },
  })
  return (
    <li className={styles.groupRow} data-testid="search-result">
      <Avatar src={group.image} name={group.name} size={48} />
      <span className={styles.rowText}>
        <strong className={styles.rowName}>{group.name}</strong>
        <span className={styles.preview}>
          {membersLabel(group.members_count)}
          {group.description ? ` · ${group.description}` : ''}
        </span>
      </span>
      {member ? (
        <Button small variant="secondary" onClick={() => navigate(groupPath(group.group_uuid_id))}>
          Open
        </Button>
      ) : (
        <Button small busy={join.isPending} onClick={() => join.mutate()} data-testid="join-group">
          Join
        </Button>
      )}
    </li>
  )
}

/** The search box of a groups page (a group by name, people to add), its purpose said to screen readers. */
export function SearchBox({
  label,
  placeholder,
  value,
  maxLength,
  onChange,
  testId,
}: {
  label: string
  placeholder: string
  value: string
  maxLength?: number
  onChange: (value: string) => void
  testId: string
}) {
  return (
    <input
      className={styles.search}
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      maxLength={maxLength}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  )
}
