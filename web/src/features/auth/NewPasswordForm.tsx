import { type FormEvent, type ReactNode, useState } from 'react'
import { Button } from '../../components/Button'
import { Alert } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { NewPasswordFields, newPasswordProblems } from '../../components/NewPasswordFields'
import { AuthCard } from './AuthCard'

export interface NewPassword {
  password: string
  password_confirmation: string
}

/**
 * Choosing a password from a mailed link (an invited account's activation, a reset): the pair is
 * checked here first, then handed to `save`, whose 422 messages show under the fields.
 */
export function NewPasswordForm({
  title,
  subtitle,
  label,
  submitLabel,
  save,
}: {
  title: string
  subtitle: ReactNode
  label?: string
  submitLabel: string
  save: { mutate: (body: NewPassword) => void; isPending: boolean; error: Error | null }
}) {
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({})
  const fields = { ...fieldErrorsOf(save.error), ...localErrors }
  const unplaced = unplacedError(save.error, ['password', 'password_confirmation'])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = newPasswordProblems(password, confirmation)
    setLocalErrors(problems)
    if (Object.keys(problems).length === 0) save.mutate({ password, password_confirmation: confirmation })
  }

  return (
    <AuthCard title={title} subtitle={subtitle}>
      {unplaced ? <Alert>{unplaced}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <NewPasswordFields
          label={label}
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={{ password: fields.password, confirmation: fields.password_confirmation }}
        />
        <Button type="submit" block busy={save.isPending}>
          {submitLabel}
        </Button>
      </form>
    </AuthCard>
  )
}
