import { Fragment } from 'react'
import { Link } from 'react-router'
import styles from './posts.module.css'

// The server's mention rule (server/domain/social-text.ts): `@` + a username, not glued to a word.
const MENTION = /(?<![A-Za-z0-9_@])@([A-Za-z][A-Za-z0-9_]{2,19})(?![A-Za-z0-9_])/g

/**
 * A post's or comment's text as typed: React escapes it (no HTML is ever interpreted), line
 * breaks are kept by `white-space: pre-wrap`, and each `@username` the server resolved
 * (`mentions`) links to that user's profile. A `@name` that names nobody stays plain text.
 */
export function RichText({
  text,
  mentions,
  testId,
}: {
  text: string
  mentions: Array<{ slug: string; username: string }>
  testId?: string
}) {
  const bySlug = new Map(mentions.map((m) => [m.username.toLowerCase(), m.slug]))
  const parts: Array<string | { name: string; slug: string }> = []
  let at = 0
  for (const match of text.matchAll(MENTION)) {
    const slug = bySlug.get((match[1] ?? '').toLowerCase())
    if (!slug || match.index === undefined) continue
    parts.push(text.slice(at, match.index), { name: match[0], slug })
    at = match.index + match[0].length
  }
  parts.push(text.slice(at))
  return (
    <div className={styles.text} data-testid={testId}>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Fragment key={i}>{part}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Link key={i} to={`/users/${part.slug}`} className={styles.mention} data-testid="mention">
            {part.name}
          </Link>
        ),
      )}
    </div>
  )
}
