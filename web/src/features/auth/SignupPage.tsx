import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { MIN_PASSWORD_LENGTH, USERNAME_PATTERN, USERNAME_RULE } from '../../../../server/domain/user-rules'
import { Button } from '../../components/Button'
import { Alert, TextField } from '../../components/Field'
import { fieldErrorsOf, unplacedError } from '../../components/form-errors'
import { useTextForm } from '../../components/text-form'
import { signIn } from '../../lib/api'
import { data, http } from '../../lib/client'
import { storeTokens } from '../../lib/session'
import { showSnackbar } from '../../lib/snackbar'
import { sessionUtm } from '../../lib/traffic-source'
import { useDebounced } from '../../lib/use-debounced'
import { AuthCard } from './AuthCard'
import styles from './auth.module.css'

const FORM_FIELDS = ['email', 'username', 'password', 'full_name', 'ref_code']

/** POST /api/users, then the password grant, then the onboarding steps. */
// Long: one form whose fields share the form state and its local and server errors: the JSX is the form.
export function SignupPage() {
  const [search] = useSearchParams()
  const { form, binder } = useTextForm({
    email: '',
    username: '',
    password: '',
    full_name: '',
    ref_code: search.get('ref') ?? '',
  })
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({})

  const signup = useSignup(form)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems: Record<string, string[]> = {}
    if (!form.email.trim()) problems.email = ['is required']
    if (!USERNAME_PATTERN.test(form.username.trim())) problems.username = [USERNAME_RULE]
    if (form.password.length < MIN_PASSWORD_LENGTH)
      problems.password = [`is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`]
    setLocalErrors(problems)
    if (Object.keys(problems).length === 0) signup.mutate()
  }

  const serverErrors = fieldErrorsOf(signup.error)
  const field = binder((key) => localErrors[key] ?? serverErrors[key])
  const unplaced = unplacedError(signup.error, FORM_FIELDS)

  return (
    <AuthCard title="Create your account" subtitle="Pick a username, build your first team in minutes.">
      {unplaced ? <Alert>{unplaced}</Alert> : null}
      <form onSubmit={submit} noValidate>
        <TextField label="Email" {...field('email')} type="email" autoComplete="email" autoFocus />
        <TextField
          label="Username"
          {...field('username')}
          autoComplete="username"
          hint="3–20 letters, digits or underscores, starting with a letter"
          adornment={<UsernameStatus username={form.username} />}
          spellCheck={false}
        />
        <TextField
          label="Password"
          {...field('password')}
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
        />
        <div className={styles.optional}>
          <span className={styles.optionalLabel}>Optional</span>
          <TextField label="Full name" {...field('full_name')} autoComplete="name" />
          <TextField
            label="Referral code"
            {...field('ref_code')}
            hint="Got a code from a friend? You both get a reward."
            spellCheck={false}
          />
        </div>
        <Button type="submit" block busy={signup.isPending}>
          {signup.isPending ? 'Creating account..' : 'Sign up'}
        </Button>
      </form>
      <p className={styles.fine}>
        By signing up you confirm you are 18 or older and accept the{' '}
        <Link to="/terms-and-conditions">terms</Link> and <Link to="/privacy-policy">privacy policy</Link>.
      </p>
      <p className={styles.below}>
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthCard>
  )
}

/** Live availability from GET /api/users/username_availability, asked once typing pauses. */
function UsernameStatus({ username }: { username: string }) {
  const settled = useDebounced(username.trim(), 300)
  const valid = USERNAME_PATTERN.test(settled)
  const check = useQuery({
    queryKey: ['username-availability', settled.toLowerCase()],
    queryFn: () =>
      data(http.GET('/api/users/username_availability', { params: { query: { username: settled } } })),
    enabled: valid,
    staleTime: 10_000,
    meta: { silent: true },
  })
  if (!username.trim()) return null
  if (settled !== username.trim() || (valid && check.isPending))
    return <span className={styles.checking}>checking..</span>
  if (!valid) return null
  if (check.data?.available)
    return (
      <span className={styles.available} data-testid="username-available">
        available
      </span>
    )
  if (check.data)
    return (
      <span className={styles.taken} data-testid="username-taken">
        taken
      </span>
    )
  return null
}

type SignupForm = { email: string; username: string; password: string; full_name: string; ref_code: string }

/** Creates the account, then signs in and opens onboarding (or the login page when signing in fails). */
function useSignup(form: SignupForm) {
  const navigate = useNavigate()
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await data(
        http.POST('/api/users', {
          body: {
            email: form.email.trim(),
            username: form.username.trim(),
            password: form.password,
            ...(form.full_name.trim() ? { full_name: form.full_name.trim() } : {}),
            ...(form.ref_code.trim() ? { ref_code: form.ref_code.trim() } : {}),
            // The session's landing UTM fields, recorded with the new account (docs/social.md).
            ...sessionUtm(),
          },
        }),
      )
      // The account exists now; if signing in fails (say, rate limited) the login page takes over.
      return signIn(form.email.trim(), form.password).catch(() => null)
    },
    onSuccess: (tokens) => {
      if (!tokens) {
        showSnackbar('Your account is ready. Log in to continue.', 'info')
        navigate('/login', { replace: true })
        return
      }
      client.clear()
      storeTokens(tokens)
      navigate('/signup/my-interests', { replace: true })
    },
  })
}
