import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../components/Button'
import { Alert, EmailField } from '../../components/Field'
import { fieldErrorsOf } from '../../components/form-errors'
import { data, http } from '../../lib/client'
import { AuthCard } from './AuthCard'
import styles from './auth.module.css'

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('')
  const request = useMutation({
    mutationFn: () => data(http.POST('/api/users/forget_password', { body: { email: email.trim() } })),
  })
  const fields = fieldErrorsOf(request.error)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    request.mutate()
  }

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {request.isSuccess ? (
        <>
          <Alert tone="notice">{request.data.message}</Alert>
          <p className={styles.fine}>
            The link works once and expires in one hour. Already have the token from the mail?{' '}
            <Link to="/reset-password">Paste it here</Link>.
          </p>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <EmailField
            label="Email"
            name="email"
            value={email}
            onValue={setEmail}
            errors={fields.email}
            required
            autoFocus
          />
          <Button type="submit" block busy={request.isPending}>
            Send reset link
          </Button>
        </form>
      )}
      <p className={styles.below}>
        Remembered it? <Link to="/login">Back to log in</Link>
      </p>
    </AuthCard>
  )
}
