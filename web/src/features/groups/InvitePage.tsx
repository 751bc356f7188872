import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { Button } from '../../components/Button'
import { Card, PageHead } from '../../components/Common'
import { Alert, TextField } from '../../components/Field'
import { ApiError } from '../../lib/api'
import { GROUPS_KEY, groupPath, joinGroup } from './api'
import styles from './groups.module.css'

/**
 * `/groups/invite/:code?`: join a group by its invite code. From an invite link the code is
 * in the address and one click joins; without one, a form asks for it.
 */
export function InvitePage() {
  const fromLink = useParams().code ?? ''
  const [code, setCode] = useState(fromLink)
  const navigate = useNavigate()
  const client = useQueryClient()
  const join = useMutation({
    mutationFn: () => joinGroup(code.trim()),
    meta: { silent: true },
    onSuccess: ({ group }) => {
      void client.invalidateQueries({ queryKey: GROUPS_KEY })
      navigate(groupPath(group.group_uuid_id), { replace: true })
    },
  })
  const problem =
    join.error instanceof ApiError && join.error.status === 404
      ? 'No group has that invite code. Check it with whoever sent it.'
      : (join.error?.message ?? null)
  return (
    <div className={styles.narrow} data-testid="invite-page">
      <PageHead
        title="Join a group"
        subtitle={fromLink ? 'You were invited to a group chat.' : 'Enter the invite code you were sent.'}
      />
      <Card>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault()
            join.mutate()
          }}
        >
          {problem ? <Alert>{problem}</Alert> : null}
          {fromLink ? (
            <p className={styles.codeLine}>
              Invite code <code data-testid="invite-code">{fromLink}</code>
            </p>
          ) : (
            <TextField
              label="Invite code"
              value={code}
              maxLength={40}
              autoCapitalize="characters"
              onChange={(event) => setCode(event.target.value)}
              data-testid="invite-code-input"
            />
          )}
          <Button
            type="submit"
            block
            busy={join.isPending}
            disabled={code.trim() === ''}
            data-testid="join-by-invite"
          >
            Join the group
          </Button>
          <Link to="/groups">Back to your chats</Link>
        </form>
      </Card>
    </div>
  )
}
