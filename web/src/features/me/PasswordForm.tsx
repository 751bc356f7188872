import { type FormEvent, useState } from 'react'
import { MIN_PASSWORD_LENGTH } from '../../../../server/domain/user-rules'
import { Button } from '../../components/Button'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { showSnackbar } from '../../lib/snackbar'
import { useUpdateMe } from './api'

const EMPTY = { current_password: '', password: '', confirmation: '' }

/** PUT /api/me {current_password, password}: the server checks the current one. */
export function PasswordForm() {
  const [form, setForm] = useState(EMPTY)
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({})
  const save = useUpdateMe()
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems: Record<string, string[]> = {}
    if (!form.current_password) problems.current_password = ['is required to change the password']
    if (form.password.length < MIN_PASSWORD_LENGTH)
      problems.password = [`is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`]
    if (form.confirmation !== form.password) problems.confirmation = ["doesn't match the new password"]
    setLocalErrors(problems)
    if (Object.keys(problems).length > 0) return
    save.mutate(
      { current_password: form.current_password, password: form.password },
      {
        onSuccess: () => {
          setForm(EMPTY)
          showSnackbar('Password changed', 'info')
        },
      },
    )
  }
  const server = fieldErrorsOf(save.error)
  const errorsFor = (field: string) => localErrors[field] ?? server[field]
  const unplaced = unplacedError(save.error, ['current_password', 'password'])

  return (
    <form onSubmit={submit} noValidate>
      {unplaced ? <Alert>{unplaced}</Alert> : null}
      <TextField
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={form.current_password}
        onChange={set('current_password')}
        errors={errorsFor('current_password')}
      />
      <TextField
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        errors={errorsFor('password')}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
      />
      <TextField
        label="Confirm new password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={form.confirmation}
        onChange={set('confirmation')}
        errors={errorsFor('confirmation')}
      />
      <Button type="submit" variant="secondary" busy={save.isPending}>
        Change password
      </Button>
    </form>
  )
}
