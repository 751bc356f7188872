import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { ActivateAccount } from './ActivateAccount'
import { AuthCard } from './AuthCard'
import styles from './auth.module.css'
import { ResetWithToken } from './ResetWithToken'

/**
 * One address for the links in three kinds of mail: `/reset-password/{token}` (reset),
 * `/reset-password/{token}?mode=activation` (verify an e-mail or activate an invited
 * account) and `/reset-password` alone, where a token copied from the mail is pasted.
 */
export function ResetPasswordPage() {
  const { token } = useParams()
  const [search] = useSearchParams()
  const activation = search.get('mode') === 'activation'
  if (!token) return <PasteToken activation={activation} />
  return activation ? <ActivateAccount token={token} /> : <ResetWithToken token={token} />
}

function PasteToken({ activation }: { activation: boolean }) {
  const [token, setToken] = useState('')
  const [mode, setMode] = useState<'reset' | 'activation'>(activation ? 'activation' : 'reset')
  const navigate = useNavigate()
  const clean = token.trim()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!clean) return
    navigate(`/reset-password/${encodeURIComponent(clean)}${mode === 'activation' ? '?mode=activation' : ''}`)
  }

  return (
    <AuthCard
      title={mode === 'activation' ? 'Activate your account' : 'Reset your password'}
      subtitle="Open the link in the mail we sent you, or paste the token printed at the bottom of the mail."
    >
      <form onSubmit={submit} noValidate>
        <TextField
          label={mode === 'activation' ? 'Activation token' : 'Reset token'}
          name="token"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          autoFocus
        />
        <div className={styles.row}>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => setMode(mode === 'activation' ? 'reset' : 'activation')}
          >
            {mode === 'activation' ? 'I have a password-reset token' : 'I have an activation token'}
          </button>
        </div>
        <Button type="submit" block disabled={!clean}>
          Continue
        </Button>
      </form>
      <p className={styles.below}>
        No mail? <Link to="/login/forgot-password">Send a new reset link</Link>
      </p>
    </AuthCard>
  )
}
