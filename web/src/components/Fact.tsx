import type { ReactNode } from 'react'

/** One fact of a `<dl>` (a contest's terms, a rule set): its label over its value. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  )
}
