/** Compact, bounded renderings of JSON values for failure messages. */
export function show(value: unknown, max = 240): string {
  if (value === undefined) return 'undefined'
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** A value with its JSON type, for "expected a number, actual "12" (string)". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
  return type === 'null' ? 'null' : `${show(value)} (${type})`
}

/** Lines a `print:` step shows at most; the rest is counted ("… 12 more lines"). */
export const PRINT_MAX_LINES = 40

/** Pretty JSON (text as it is), cut after `maxLines` lines with how many were left out. */
export function pretty(value: unknown, maxLines = PRINT_MAX_LINES): string {
  const text =
    typeof value === 'string' ? value : value === undefined ? 'undefined' : JSON.stringify(value, null, 2)
  const lines = text.split('\n')
  if (lines.length <= maxLines) return text
  return [...lines.slice(0, maxLines), `… ${lines.length - maxLines} more lines`].join('\n')
}
