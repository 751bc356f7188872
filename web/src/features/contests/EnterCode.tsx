import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Dialog } from '../../components/Dialog'
import { CodeField } from '../../components/Field'
import { ApiError } from '../../lib/api'
import { LOGIN_PATH } from '../../lib/paths'
import { isSignedIn, rememberPath } from '../../lib/session'
import styles from './enter-code.module.css'
import { inviteQuery } from './invite-api'

/**
 * "Create contest" and "Enter contest code" for the contests pages: a code is looked up
 * (`invite_code/{code}`) and the player goes to that contest's join page.
 */
export function CreateAndCodeBar() {
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  const signedInOnly = (go: () => void) => () => {
    if (isSignedIn()) return go()
    rememberPath('/contests/create')
    navigate(LOGIN_PATH)
  }
  return (
    <div className={styles.bar}>
      <ButtonLink to="/contests/create" small data-testid="create-contest">
        Create contest
      </ButtonLink>
      <Button small variant="secondary" onClick={signedInOnly(() => setOpen(true))} data-testid="enter-code">
        Enter contest code
      </Button>
      <EnterCodeDialog open={open} onClose={() => setOpen(false)} />
    </div>
  )
}

function EnterCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const client = useQueryClient()
  const navigate = useNavigate()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const wanted = code.trim().toUpperCase()
    if (!wanted) return setError('Type the code you were sent.')
    setBusy(true)
    setError(null)
    try {
      const found = await client.fetchQuery(inviteQuery(wanted))
      const type = found.contest_type === 'championship_contest' ? '&type=championship' : ''
      onClose()
      navigate(`/contests/${found.id}/join?code=${encodeURIComponent(wanted)}${type}`)
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 404
          ? 'No contest has this code.'
          : (failure as Error).message,
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={open} title="Enter contest code" onClose={onClose} testId="enter-code-dialog">
      <form onSubmit={submit} noValidate>
        <CodeField
          label="Contest code"
          name="code"
          onCode={setCode}
          value={code}
          errors={error ? [error] : undefined}
          autoFocus
        />
        <Button type="submit" block busy={busy} data-testid="find-code">
          Find contest
        </Button>
      </form>
    </Dialog>
  )
}
