import ui from './ui.module.css'

/**
 * A screen reader's announcement, not shown on screen. The region is always in the page (a
 * region added together with its text is not announced by every reader); only its text
 * changes. `polite` waits for the reader to finish what it is saying, `assertive` interrupts:
 * keep that for what cannot wait (an auction's last seconds). docs/accessibility.md lists what
 * each page says.
 */
export function LiveRegion({
  message,
  politeness = 'polite',
  testId,
}: {
  message: string
  politeness?: 'polite' | 'assertive'
  testId: string
}) {
  return (
    <div
      className={ui.visuallyHidden}
      role={politeness === 'assertive' ? 'alert' : 'status'}
      aria-live={politeness}
      aria-atomic="true"
      data-testid={testId}
    >
      {message}
    </div>
  )
}
