import type { Executor } from '../../db/tx'
import { normaliseEmail, usernameKey } from '../../domain/user-rules'
import { invalid } from '../../http/errors'
import { printablePassword } from '../../lib/printable-password'

/**
 * A class's students before any of them is written: the roster's rows as given (CSV lines
 * arrive as `roster.N`), the rest generated, every clash found at once (docs/classroom.md).
 */
export interface RosterRow {
  username: string
  full_name?: string | undefined
  email?: string | undefined
}

export interface Student {
  username: string
  email: string
  full_name: string | null
  password: string
}

/** Students without a roster row are `class<id>_s<NN>`: the class id makes them unique. */
export const generatedUsername = (classId: number, n: number) =>
  `class${classId}_s${String(n).padStart(2, '0')}`

export const STUDENT_EMAIL_DOMAIN = 'students.fanspole.local'

/**
 * Refuses a roster with a duplicate (username or e-mail, within the roster) or a name already
 * taken, naming each row (`roster.3.username`). Runs inside the creating transaction, so
 * nothing is written when it throws.
 */
export async function checkRoster(db: Executor, roster: readonly RosterRow[]): Promise<void> {
  const fields = new Map<string, string[]>()
  const add = (field: string, message: string) => fields.set(field, [...(fields.get(field) ?? []), message])
  const names = new Map<string, number>()
  const emails = new Map<string, number>()
  for (const [i, row] of roster.entries()) {
    const key = usernameKey(row.username)
    const first = names.get(key)
    if (first !== undefined) add(`roster.${i}.username`, `is the same as roster.${first}.username`)
    else names.set(key, i)
    if (row.email) {
      const email = normaliseEmail(row.email)
      const firstEmail = emails.get(email)
      if (firstEmail !== undefined) add(`roster.${i}.email`, `is the same as roster.${firstEmail}.email`)
      else emails.set(email, i)
    }
  }
  const keys = [...names.keys()]
  if (keys.length > 0) {
    const taken = await db
      .selectFrom('users')
      .select('username_key')
      .where('username_key', 'in', keys)
      .execute()
    for (const { username_key } of taken)
      add(`roster.${names.get(username_key)}.username`, 'has already been taken')
  }
  const wanted = [...emails.keys()]
  if (wanted.length > 0) {
    const taken = await db.selectFrom('users').select('email').where('email', 'in', wanted).execute()
    for (const { email } of taken) add(`roster.${emails.get(email)}.email`, 'has already been taken')
  }
  if (fields.size > 0) throw invalid(Object.fromEntries(fields))
}

/** The class's students in order: roster rows first, then generated ones up to `count`. */
export function studentsOf(classId: number, count: number, roster: readonly RosterRow[]): Student[] {
  return Array.from({ length: count }, (_, i) => {
    const row = roster[i]
    const username = row ? row.username.trim() : generatedUsername(classId, i + 1)
    return {
      username,
      email: row?.email ?? `${usernameKey(username)}@${STUDENT_EMAIL_DOMAIN}`,
      full_name: row?.full_name?.trim() || null,
      password: printablePassword(),
    }
  })
}
