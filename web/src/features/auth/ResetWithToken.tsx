import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { data, http } from '../../lib/client'
import { clearSession } from '../../lib/session'
import { AuthCard } from './AuthCard'
import styles from './auth.module.css'
import { type NewPassword, NewPasswordForm } from './NewPasswordForm'

/** GET /api/users/reset_password/{token}, then PUT /api/users/reset_password. */
export function ResetWithToken({ token }: { token: string }) {
  const check = useLinkCheck('reset-password', token, () =>
    data(http.GET('/api/users/reset_password/{token}', { params: { path: { token } } })),
  )
  const reset = useMutation({
    mutationFn: (body: NewPassword) =>
      data(http.PUT('/api/users/reset_password', { body: { token, ...body } })),
    // The server signed every session of this account out; this browser's too.
    onSuccess: () => clearSession(),
  })

  if (check.isPending) return <Loading label="Checking your link.." />
  if (check.isError) return <BadLink message={check.error.message} />
  if (reset.isSuccess)
    return (
      <AuthCard title="Password changed">
        <Alert tone="notice">{reset.data.message}</Alert>
        <ButtonLink to="/login" block>
          Log in
        </ButtonLink>
      </AuthCard>
    )
  const { username, email } = check.data.reset_password
  return (
    <NewPasswordForm
      title="Choose a new password"
      subtitle={
        <>
          For <strong>{username}</strong> ({email}).
        </>
      }
      label="New password"
      submitLabel="Change password"
      save={reset}
    />
  )
}

/**
 * Checks a mailed link's token once: a link works once, so the answer is kept, and a bad link
 * is the page's own message (BadLink), not a snackbar.
 */
export function useLinkCheck<T>(key: string, token: string, check: () => Promise<T>) {
  return useQuery({
    queryKey: [key, token],
    queryFn: check,
    meta: { silent: true },
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function BadLink({ message }: { message: string }) {
  return (
    <AuthCard title="This link does not work">
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
    </AuthCard>
  )
}
