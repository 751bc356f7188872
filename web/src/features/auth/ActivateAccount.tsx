import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Button, ButtonLink } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { NewPasswordFields, newPasswordProblems } from '../../components/NewPasswordFields'
import { data, http } from '../../lib/client'
import { HOME_PATH } from '../../lib/paths'
import { isSignedIn } from '../../lib/session'
import styles from './auth.module.css'
import { BadLink } from './ResetWithToken'

/**
 * GET /api/users/activation/{token}, then POST /api/users/activation: at once for an
 * e-mail verification, after a password form for an account an admin invited.
 */
export function ActivateAccount({ token }: { token: string }) {
  const check = useQuery({
    queryKey: ['activation', token],
    queryFn: () => data(http.GET('/api/users/activation/{token}', { params: { path: { token } } })),
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
  })
  const activate = useMutation({
    mutationFn: (body: { password?: string; password_confirmation?: string }) =>
      data(http.POST('/api/users/activation', { body: { token, ...body } })),
  })
  const needsPassword = check.data?.activation.needs_password
  // A verification link activates on arrival; the ref keeps StrictMode's double effect from posting twice.
  const posted = useRef(false)
  useEffect(() => {
    if (needsPassword === false && !posted.current) {
      posted.current = true
      activate.mutate({})
    }
  }, [needsPassword, activate])

  if (check.isPending) return <Loading label="Checking your link.." />
  if (check.isError) return <BadLink message={check.error.message} />
  if (activate.isSuccess)
    return <Activated email={activate.data.activation.email} invited={!!needsPassword} />
  if (!needsPassword) {
    return activate.isError ? <BadLink message={activate.error.message} /> : <Loading label="Verifying.." />
  }
  return <SetPassword username={check.data.activation.username} activate={activate} />
}

function SetPassword({
  username,
  activate,
}: {
  username: string
  activate: {
    mutate: (body: { password: string; password_confirmation: string }) => void
    isPending: boolean
    error: Error | null
  }
}) {
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({})
  const fields = { ...fieldErrorsOf(activate.error), ...localErrors }
  const unplaced = unplacedError(activate.error, ['password', 'password_confirmation'])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = newPasswordProblems(password, confirmation)
    setLocalErrors(problems)
    if (Object.keys(problems).length === 0) activate.mutate({ password, password_confirmation: confirmation })
  }

  return (
    <div className={styles.card}>
      <h1 className={styles.title}>Activate your account</h1>
      <p className={styles.subtitle}>
        Hi <strong>{username}</strong>, an admin created a Fanspole account for you. Choose a password to
        start playing.
      </p>
      {unplaced ? <Alert>{unplaced}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={{ password: fields.password, confirmation: fields.password_confirmation }}
        />
        <Button type="submit" block busy={activate.isPending}>
          Activate account
        </Button>
      </form>
    </div>
  )
}

function Activated({ email, invited }: { email: string; invited: boolean }) {
  const signedIn = isSignedIn()
  return (
    <div className={styles.card}>
      <h1 className={styles.title}>{invited ? 'Account activated' : 'E-mail verified'}</h1>
      <Alert tone="notice">
        {invited
          ? `Your account for ${email} is ready. Log in with your new password.`
          : `Thanks! ${email} is verified.`}
      </Alert>
      <ButtonLink to={signedIn && !invited ? HOME_PATH : '/login'} block>
        {signedIn && !invited ? 'Continue' : 'Log in'}
      </ButtonLink>
    </div>
  )
}
