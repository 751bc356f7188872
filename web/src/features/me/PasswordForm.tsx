import { type FormEvent, useState } from 'react'
import { Button } from '../../components/Button'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { NewPasswordFields, newPasswordProblems } from '../../components/NewPasswordFields'
import { useUpdateMe } from '../../lib/me'
import { showSnackbar } from '../../lib/snackbar'

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
    const problems = newPasswordProblems(form.password, form.confirmation, 'confirmation')
    if (!form.current_password) problems.current_password = ['is required to change the password']
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
      <NewPasswordFields
        label="New password"
        names={{ password: 'new_password', confirmation: 'confirm_password' }}
        password={form.password}
        confirmation={form.confirmation}
        onPassword={(value) => setForm((f) => ({ ...f, password: value }))}
        onConfirmation={(value) => setForm((f) => ({ ...f, confirmation: value }))}
        errors={{ password: errorsFor('password'), confirmation: errorsFor('confirmation') }}
      />
      <Button type="submit" variant="secondary" busy={save.isPending}>
        Change password
      </Button>
    </form>
  )
}
