import { MIN_PASSWORD_LENGTH } from '../../../server/domain/user-rules'
import { TextField } from './Field'

/** The client-side checks of a new password and its confirmation, as field messages. */
export function newPasswordProblems(
  password: string,
  confirmation: string,
  confirmationKey = 'password_confirmation',
): Record<string, string[]> {
  const problems: Record<string, string[]> = {}
  if (password.length < MIN_PASSWORD_LENGTH)
    problems.password = [`is too short (minimum is ${MIN_PASSWORD_LENGTH} characters)`]
  if (confirmation !== password) problems[confirmationKey] = ["doesn't match password"]
  return problems
}

/** "Password" and "Confirm password" fields, used by reset, activation and settings. */
export function NewPasswordFields(props: {
  password: string
  confirmation: string
  onPassword: (value: string) => void
  onConfirmation: (value: string) => void
  errors: { password?: string[]; confirmation?: string[] }
  /** "New password" where there is an old one. */
  label?: string
  names?: { password: string; confirmation: string }
}) {
  const label = props.label ?? 'Password'
  const names = props.names ?? { password: 'password', confirmation: 'password_confirmation' }
  // Both are new passwords: typed hidden, and the browser may offer one it generates.
  const hidden = { type: 'password', autoComplete: 'new-password' } as const
  return (
    <>
      <TextField
        label={label}
        name={names.password}
        {...hidden}
        value={props.password}
        onChange={(e) => props.onPassword(e.target.value)}
        errors={props.errors.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        name={names.confirmation}
        {...hidden}
        value={props.confirmation}
        onChange={(e) => props.onConfirmation(e.target.value)}
        errors={props.errors.confirmation}
      />
    </>
  )
}
