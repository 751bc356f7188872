import type { ReactNode } from 'react'

/** One fact of a gang (manager, members, score, my rank): a small label, then the value. */
export function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <span data-testid={testId}>
      <em>{label}</em>
      {children}
    </span>
  )
}
