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
