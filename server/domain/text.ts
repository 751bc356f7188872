/** Shared text helpers (pure; used by server, web and CLI). */

/** "Virat Kohli" → "V. Kohli" */
export function shortName(full: string): string {
  const parts = full.trim().split(/\s+/)
  if (parts.length < 2) return full.trim()
  return `${parts[0]?.charAt(0)}. ${parts.slice(1).join(' ')}`
}

/** Trims to `max` characters, ending with two dots as the original product did. */
export function trimText(text: string, max: number): string {
  const clean = text.trim()
  if (clean.length <= max) return clean
  return `${clean.slice(0, Math.max(0, max - 2)).trimEnd()}..`
}

/** Lower-case, hyphen-separated, ASCII: for slugs. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
