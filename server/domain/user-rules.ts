/** Account rules shared by the server (authority), the web forms and the CLI. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,19}$/
export const USERNAME_RULE = 'must be 3–20 letters, digits or underscores, starting with a letter'
export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128
export const MIN_AGE_YEARS = 18
/** Nobody alive is older: a date of birth before this is a typo (0000-01-01), not a person. */
export const MAX_AGE_YEARS = 120

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function usernameKey(username: string): string {
  return username.trim().toLowerCase()
}

/** Age in whole years on `onDate` for an ISO date of birth (YYYY-MM-DD). */
export function ageOn(dob: string, onDateMs: number): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number]
  const on = new Date(onDateMs)
  let age = on.getUTCFullYear() - y
  const beforeBirthday = on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d)
  if (beforeBirthday) age--
  return age
}

export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
}

/** What is wrong with a date of birth on `onDateMs`, or null: a real date, 18 to 120 years ago. */
export function dobProblem(dob: string, onDateMs: number): string | null {
  if (!isIsoDate(dob)) return 'must be a date like 1995-04-21'
  const age = ageOn(dob, onDateMs)
  if (age < MIN_AGE_YEARS) return `must make you at least ${MIN_AGE_YEARS} years old`
  if (age > MAX_AGE_YEARS) return `must be at most ${MAX_AGE_YEARS} years ago`
  return null
}
