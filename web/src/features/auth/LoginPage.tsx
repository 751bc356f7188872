import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { useTextForm } from '../../components/text-form'
import { ApiError, signIn } from '../../lib/api'
import { returnPath, storeTokens } from '../../lib/session'
import { AuthCard } from './AuthCard'
import styles from './auth.module.css'

export function LoginPage() {
  const { form, binder } = useTextForm({ email: '', password: '' })
  const navigate = useNavigate()
  const client = useQueryClient()
  const login = useMutation({
    mutationFn: () => signIn(form.email.trim(), form.password),
    // Every outcome is shown on this page (401 is "wrong password", not "session expired").
    meta: { silent: true },
    onSuccess: (tokens) => {
      client.clear()
      storeTokens(tokens)
      navigate(returnPath(), { replace: true })
    },
  })
  const fields = fieldErrorsOf(login.error)
  // The server names the sign-in field `username` when it was one.
  const field = binder((key) => (key === 'email' ? (fields.email ?? fields.username) : fields[key]))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    login.mutate()
  }

  return (
    <AuthCard title="Log in" subtitle="Welcome back. Your teams are waiting.">
      {login.error ? <LoginError error={login.error} /> : null}
      <form onSubmit={submit} noValidate>
        <TextField label="Email or username" {...field('email')} autoComplete="username" required autoFocus />
        <TextField
          label="Password"
          {...field('password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <div className={styles.row}>
          <span />
          <Link to="/login/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" block busy={login.isPending}>
          {login.isPending ? 'Logging in..' : 'Log in'}
        </Button>
      </form>
      <p className={styles.below}>
        New to Fanspole? <Link to="/signup">Create an account</Link>
      </p>
    </AuthCard>
  )
}

function LoginError({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 401) return <Alert>Invalid email or password</Alert>
  if (error instanceof ApiError && error.isValidation) return null
  return <Alert>{error.message}</Alert>
}
