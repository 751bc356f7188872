import { useState } from 'react'

type TextChange = { target: { value: string } }

/** The messages of each field: a map (`fieldErrorsOf(error)`) or a lookup (local checks first, then the server's). */
export type ErrorsOf = Partial<Record<string, string[]>> | ((field: string) => string[] | undefined)

/** What a TextField, TextAreaField or SelectField takes from its form: `<TextField label="…" {...field('email')} />`. */
export interface BoundField {
  name: string
  value: string
  onChange: (event: TextChange) => void
  errors: string[] | undefined
}

/**
 * Binds fields to a form's text values: the field named `key` shows `values[key]`, writes back
 * through `setValue` and shows the messages of `key` (or of `errorKey` where the server names it otherwise).
 */
export function textFieldBinder<T extends object>(
  values: T,
  setValue: (key: keyof T & string, value: string) => void,
  errors: ErrorsOf,
) {
  const errorsOf = typeof errors === 'function' ? errors : (field: string) => errors[field]
  return (key: keyof T & string, errorKey: string = key): BoundField => ({
    name: key,
    value: String(values[key] ?? ''),
    onChange: (event) => setValue(key, event.target.value),
    errors: errorsOf(errorKey),
  })
}

/**
 * A form of text values. `set(key)` is an input's change handler; `binder(errors)` gives the props
 * of each field (`{...field('username')}`) once the form's messages are known.
 */
export function useTextForm<T extends Record<string, string>>(initial: T | (() => T)) {
  const [form, setForm] = useState(initial)
  const setValue = (key: keyof T & string, value: string) => setForm((f) => ({ ...f, [key]: value }))
  return {
    form,
    setForm,
    setValue,
    set: (key: keyof T & string) => (event: TextChange) => setValue(key, event.target.value),
    binder: (errors: ErrorsOf) => textFieldBinder(form, setValue, errors),
  }
}
