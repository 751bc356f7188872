/** True when `error` is a unique-constraint violation (SQLite or PostgreSQL), optionally on `column`. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { code?: string; message?: string; detail?: string }
  const unique =
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === '23505'
  if (!unique || !column) return unique
  return `${e.message ?? ''} ${e.detail ?? ''}`.includes(column)
}
