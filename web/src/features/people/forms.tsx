import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/Button'
import { Alert, EmailField, TextAreaField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { data, http } from '../../lib/client'
import { formatNumber } from '../../lib/format'
import { useSignedIn } from '../../lib/use-session'
import { waitlistQuery } from './other-api'
import styles from './people.module.css'

/**
 * Join the waitlist (POST /api/waitlist): joining twice is fine, the server says so and
 * the count stays. The count is shown beside the form.
 */
export function WaitlistForm() {
  const client = useQueryClient()
  const count = useQuery(waitlistQuery)
  const [email, setEmail] = useState('')
  const join = useMutation({
    mutationFn: () => data(http.POST('/api/waitlist', { body: { email: email.trim() } })),
    onSuccess: ({ waitlist }) => client.setQueryData(waitlistQuery.queryKey, waitlist),
  })
  const fields = fieldErrorsOf(join.error)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    join.mutate()
  }
  return (
    <form onSubmit={submit} data-testid="waitlist-form" className={styles.form}>
      <p className={styles.muted} data-testid="waitlist-count">
        {count.data
          ? `${formatNumber(count.data.count)} ${count.data.count === 1 ? 'person is' : 'people are'} on the waitlist.`
          : 'Be the first to hear about new games and the app.'}
      </p>
      {join.isSuccess ? (
        <Alert tone="notice">
          <span data-testid="waitlist-joined">
            {join.data.joined
              ? 'You are on the waitlist. We will write to you.'
              : 'That address is already on it.'}
          </span>
        </Alert>
      ) : null}
      <EmailField label="E-mail" value={email} onValue={setEmail} errors={fields.email} required />
      <Button type="submit" busy={join.isPending} data-testid="waitlist-submit">
        Join the waitlist
      </Button>
    </form>
  )
}

/** Feedback (POST /api/feedbacks): signed out, an e-mail is needed so someone can answer. */
export function FeedbackForm() {
  const signedIn = useSignedIn()
  const [message, setMessage] = useState('')
  const [email, setEmail] = useState('')
  const send = useMutation({
    mutationFn: () =>
      data(
        http.POST('/api/feedbacks', {
          body: { message: message.trim(), ...(!signedIn || email.trim() ? { email: email.trim() } : {}) },
        }),
      ),
    onSuccess: () => {
      setMessage('')
      setEmail('')
    },
  })
  const fields = fieldErrorsOf(send.error)
  const general = unplacedError(send.error, ['message', 'email'])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send.mutate()
  }
  return (
    <form onSubmit={submit} data-testid="feedback-form" className={styles.form}>
      {general ? <Alert>{general}</Alert> : null}
      {send.isSuccess ? (
        <Alert tone="notice">
          <span data-testid="feedback-sent">Thank you: your feedback reached the team.</span>
        </Alert>
      ) : null}
      <TextAreaField
        label="Your feedback"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        maxLength={2000}
        rows={4}
        errors={fields.message}
        hint={`${message.length}/2000`}
        required
      />
      {signedIn ? null : (
        <EmailField
          label="E-mail (so we can answer)"
          value={email}
          onValue={setEmail}
          errors={fields.email}
          required
        />
      )}
      <Button type="submit" busy={send.isPending} disabled={!message.trim()} data-testid="feedback-submit">
        Send feedback
      </Button>
    </form>
  )
}
