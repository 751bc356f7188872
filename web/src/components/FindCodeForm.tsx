import { type FormEvent, useState } from 'react'
import { Button } from './Button'
import { CodeField } from './Field'
import forms from './forms.module.css'

/**
 * A code to look up and a "Find" button beside it: `onFind` gets it trimmed and upper-cased.
 * The button lines up with the input (forms.codeForm) unless `className` lays them out otherwise.
 */
export function FindCodeForm({
  label,
  placeholder,
  initialCode,
  onFind,
  className = forms.codeForm,
  testId,
  findTestId,
}: {
  label: string
  placeholder?: string
  initialCode: string
  onFind: (code: string) => void
  className?: string
  testId?: string
  findTestId?: string
}) {
  const [typed, setTyped] = useState(initialCode)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onFind(typed.trim().toUpperCase())
  }
  return (
    <form onSubmit={submit} className={className} noValidate data-testid={testId}>
      <CodeField label={label} name="code" onCode={setTyped} value={typed} placeholder={placeholder} />
      <Button type="submit" variant="secondary" data-testid={findTestId}>
        Find
      </Button>
    </form>
  )
}
