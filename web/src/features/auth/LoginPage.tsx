import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../components/Button'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { ApiError, signIn } from '../../lib/api'
import { returnPath, storeTokens } from '../../lib/session'
import styles from './auth.module.css'

export function LoginPage() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const navigate = useNavigate()
  const client = useQueryClient()
  const login = useMutation({
    mutationFn: () => signIn(email.trim(), password),
    // Every outcome is shown on this page (401 is "wrong password", not "session expired").
    meta: { silent: true },
    onSuccess: (tokens) => {
      client.clear()
      storeTokens(tokens)
      navigate(returnPath(), { replace: true })
    },
  })
  const fields = fieldErrorsOf(login.error)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    login.mutate()
  }

  return (
    <div className={styles.card}>
      <h1 className={styles.title}>Log in</h1>
      <p className={styles.subtitle}>Welcome back. Your teams are waiting.</p>
      {login.error ? <LoginError error={login.error} /> : null}
      <form onSubmit={submit} noValidate>
        <TextField
          label="Email or username"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          errors={fields.email ?? fields.username}
          required
          autoFocus
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          errors={fields.password}
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
    </div>
  )
}

function LoginError({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 401) return <Alert>Invalid email or password</Alert>
  if (error instanceof ApiError && error.isValidation) return null
  return <Alert>{error.message}</Alert>
}
