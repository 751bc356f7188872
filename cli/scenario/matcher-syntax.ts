import { MATCHERS, toRegExp } from './match'

/** Load-time check of an expectation: unknown `$matchers`, bad regular expressions, bad arguments. */
export function matcherProblems(expected: unknown, at = ''): string[] {
  if (expected === null || typeof expected !== 'object') return []
  if (Array.isArray(expected)) return expected.flatMap((v, i) => matcherProblems(v, `${at}[${i}]`))
  const problems: string[] = []
  for (const [key, value] of Object.entries(expected)) {
    if (!key.startsWith('$')) {
      problems.push(...matcherProblems(value, at === '' ? key : `${at}.${key}`))
      continue
    }
    const where = at || '(top)'
    if (!MATCHERS[key]) {
      problems.push(`${where}: unknown matcher ${key} (known: ${Object.keys(MATCHERS).join(', ')})`)
      continue
    }
    if ((key === '$in' || key === '$all' || key === '$any') && !Array.isArray(value))
      problems.push(`${where}: ${key} takes a list`)
    if (key === '$match' && typeof value === 'string' && !value.includes('${')) {
      try {
        toRegExp(value)
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`)
      }
    }
    if (
      key === '$type' &&
      !['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'].includes(String(value))
    )
      problems.push(`${where}: $type must be one of string, number, integer, boolean, object, array, null`)
    if (['$not', '$all', '$any', '$contains', '$len'].includes(key))
      problems.push(...matcherProblems(value, where))
  }
  return problems
}
