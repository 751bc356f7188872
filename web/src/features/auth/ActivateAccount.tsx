import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { ButtonLink } from '../../components/Button'
import { Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { data, http } from '../../lib/client'
import { HOME_PATH } from '../../lib/paths'
import { isSignedIn } from '../../lib/session'
import { AuthCard } from './AuthCard'
import { type NewPassword, NewPasswordForm } from './NewPasswordForm'
import { BadLink, useLinkCheck } from './ResetWithToken'

/**
 * GET /api/users/activation/{token}, then POST /api/users/activation: at once for an
 * e-mail verification, after a password form for an account an admin invited.
 */
export function ActivateAccount({ token }: { token: string }) {
  const check = useLinkCheck('activation', token, () =>
    data(http.GET('/api/users/activation/{token}', { params: { path: { token } } })),
  )
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
  activate: { mutate: (body: NewPassword) => void; isPending: boolean; error: Error | null }
}) {
  return (
    <NewPasswordForm
      title="Activate your account"
      subtitle={
        <>
          Hi <strong>{username}</strong>, an admin created a Fanspole account for you. Choose a password to
          start playing.
        </>
      }
      submitLabel="Activate account"
      save={activate}
    />
  )
}

function Activated({ email, invited }: { email: string; invited: boolean }) {
  const signedIn = isSignedIn()
  return (
    <AuthCard title={invited ? 'Account activated' : 'E-mail verified'}>
      <Alert tone="notice">
        {invited
          ? `Your account for ${email} is ready. Log in with your new password.`
          : `Thanks! ${email} is verified.`}
      </Alert>
      <ButtonLink to={signedIn && !invited ? HOME_PATH : '/login'} block>
        {signedIn && !invited ? 'Continue' : 'Log in'}
      </ButtonLink>
    </AuthCard>
  )
}
