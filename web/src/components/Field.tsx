import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react'
import { ApiError } from '../lib/api'
import styles from './ui.module.css'

interface FieldProps {
  label: string
  /** The server's messages for this field (422 `errors.<field>`), shown under it. */
  errors?: string[]
  hint?: ReactNode
  adornment?: ReactNode
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p className={styles.fieldError} id={id} role="alert">
      {errors.join(', ')}
    </p>
  )
}

/** A field's label above its control, then a hint (while it is valid) or the server's messages. */
function FieldFrame({
  id,
  label,
  hint,
  errors,
  errorId,
  children,
}: {
  id: string
  label: string
  hint?: ReactNode
  errors?: string[]
  /** The messages' id, where the control points at them (`aria-describedby`). */
  errorId?: string
  children: ReactNode
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !errors?.length ? <span className={styles.hint}>{hint}</span> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  )
}

export function TextField({
  label,
  errors,
  hint,
  adornment,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const invalid = Boolean(errors?.length)
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors} errorId={`${id}-error`}>
      <div className={styles.inputWrap}>
        <input
          id={id}
          className={adornment ? `${styles.input} ${styles.withAdornment}` : styles.input}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          {...input}
        />
        {adornment ? <span className={styles.adornment}>{adornment}</span> : null}
      </div>
    </FieldFrame>
  )
}

export function TextAreaField({
  label,
  errors,
  hint,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} hint={hint} errors={errors}>
      <textarea
        id={id}
        className={styles.input}
        aria-invalid={errors?.length ? true : undefined}
        {...input}
      />
    </FieldFrame>
  )
}

export function Alert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'notice' | 'info'
  children: ReactNode
}) {
  const toneClass = tone === 'error' ? '' : styles[tone]
  return (
    <div className={`${styles.alert} ${toneClass}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}

/** A failed load: the page's own words when the thing is not there (404), else the server's message. */
export function LoadErrorAlert({ error, missing }: { error: Error; missing: string }) {
  return <Alert>{error instanceof ApiError && error.status === 404 ? missing : error.message}</Alert>
}

/** A typed code (invite, referral, gang): upper-cased as it is typed, never autocompleted or spell-checked. */
export function CodeField({
  onCode,
  ...field
}: Omit<Parameters<typeof TextField>[0], 'onChange'> & { onCode: (code: string) => void }) {
  return (
    <TextField
      autoComplete="off"
      spellCheck={false}
      {...field}
      onChange={(e) => onCode(e.target.value.toUpperCase())}
    />
  )
}

/** An e-mail address (the browser's e-mail keyboard and autofill); `onValue` gets what is typed. */
export function EmailField({
  onValue,
  ...field
}: Omit<Parameters<typeof TextField>[0], 'onChange' | 'type'> & { onValue: (email: string) => void }) {
  return <TextField type="email" autoComplete="email" {...field} onChange={(e) => onValue(e.target.value)} />
}
