import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { Button, ButtonLink } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { NewPasswordFields, newPasswordProblems } from '../../components/NewPasswordFields'
import { data, http } from '../../lib/client'
import { clearSession } from '../../lib/session'
import styles from './auth.module.css'

/** GET /api/users/reset_password/{token}, then PUT /api/users/reset_password. */
export function ResetWithToken({ token }: { token: string }) {
  const check = useQuery({
    queryKey: ['reset-password', token],
    queryFn: () => data(http.GET('/api/users/reset_password/{token}', { params: { path: { token } } })),
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
  })
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({})
  const reset = useMutation({
    mutationFn: () =>
      data(
        http.PUT('/api/users/reset_password', {
          body: { token, password, password_confirmation: confirmation },
        }),
      ),
    // The server signed every session of this account out; this browser's too.
    onSuccess: () => clearSession(),
  })

  if (check.isPending) return <Loading label="Checking your link.." />
  if (check.isError) return <BadLink message={check.error.message} />
  if (reset.isSuccess)
    return (
      <div className={styles.card}>
        <h1 className={styles.title}>Password changed</h1>
        <Alert tone="notice">{reset.data.message}</Alert>
        <ButtonLink to="/login" block>
          Log in
        </ButtonLink>
      </div>
    )

  const fields = { ...fieldErrorsOf(reset.error), ...localErrors }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = newPasswordProblems(password, confirmation)
    setLocalErrors(problems)
    if (Object.keys(problems).length === 0) reset.mutate()
  }
  const unplaced = unplacedError(reset.error, ['password', 'password_confirmation'])

  return (
    <div className={styles.card}>
      <h1 className={styles.title}>Choose a new password</h1>
      <p className={styles.subtitle}>
        For <strong>{check.data.reset_password.username}</strong> ({check.data.reset_password.email}).
      </p>
      {unplaced ? <Alert>{unplaced}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <NewPasswordFields
          label="New password"
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={{ password: fields.password, confirmation: fields.password_confirmation }}
        />
        <Button type="submit" block busy={reset.isPending}>
          Change password
        </Button>
      </form>
    </div>
  )
}

export function BadLink({ message }: { message: string }) {
  return (
    <div className={styles.card}>
      <h1 className={styles.title}>This link does not work</h1>
      <Alert>{message}</Alert>
      <p className={styles.subtitle}>
        Links from our mails work once and expire. Ask for a new one and use the newest mail.
      </p>
      <ButtonLink to="/login/forgot-password" block>
        Send a new link
      </ButtonLink>
      <p className={styles.below}>
        <Link to="/login">Back to log in</Link>
      </p>
    </div>
  )
}
