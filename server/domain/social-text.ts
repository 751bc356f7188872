/**
 * Limits and mentions of posts and comments (docs/social.md, "Limits"). Pure: the server
 * validates with them and the web client can count characters with the same numbers.
 */
export const POST_MAX_CHARS = 2000
export const COMMENT_MAX_CHARS = 1000
/** Mentions beyond this many in one text are left as plain text (no notification storm). */
export const MAX_MENTIONS = 10

// A mention is `@` + a username (domain/user-rules.ts USERNAME_PATTERN) not glued to a word
// before it, so an e-mail address `a@b.com` mentions nobody.
const MENTION = /(?<![A-Za-z0-9_@])@([A-Za-z][A-Za-z0-9_]{2,19})(?![A-Za-z0-9_])/g

/** The lower-cased usernames `text` mentions, first occurrence order, at most MAX_MENTIONS. */
export function mentionedUsernames(text: string): string[] {
  const seen = new Set<string>()
  for (const match of text.matchAll(MENTION)) {
    seen.add((match[1] ?? '').toLowerCase())
    if (seen.size >= MAX_MENTIONS) break
  }
  return [...seen]
}
