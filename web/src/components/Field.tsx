import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react'
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
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
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
      {hint && !invalid ? <span className={styles.hint}>{hint}</span> : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  )
}

export function TextAreaField({
  label,
  errors,
  hint,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  const invalid = Boolean(errors?.length)
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className={styles.input} aria-invalid={invalid || undefined} {...input} />
      {hint && !invalid ? <span className={styles.hint}>{hint}</span> : null}
      <FieldErrors errors={errors} />
    </div>
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
