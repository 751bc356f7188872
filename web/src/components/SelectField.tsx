import { type ReactNode, type SelectHTMLAttributes, useId } from 'react'
import { FieldErrors } from './Field'
import forms from './forms.module.css'
import ui from './ui.module.css'

/** A labelled native select with the server's field messages under it (the shared TextField's twin). */
export function SelectField({
  label,
  errors,
  hint,
  children,
  ...select
}: {
  label: string
  errors?: string[]
  hint?: ReactNode
  children: ReactNode
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId()
  const invalid = Boolean(errors?.length)
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={ui.input} aria-invalid={invalid || undefined} {...select}>
        {children}
      </select>
      {hint && !invalid ? <span className={ui.hint}>{hint}</span> : null}
      <FieldErrors errors={errors} />
    </div>
  )
}

/** A labelled checkbox with a line of explanation. */
export function CheckField({
  label,
  hint,
  checked,
  onChange,
  name,
}: {
  label: string
  hint?: string
  checked: boolean
  onChange: (checked: boolean) => void
  name: string
}) {
  return (
    <label className={forms.check}>
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <strong>{label}</strong>
        {hint ? <em>{hint}</em> : null}
      </span>
    </label>
  )
}
