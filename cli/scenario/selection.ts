import { UsageError } from '../lib/errors'
import type { LoadedScenario } from './loader'

/**
 * Which of the loaded scenarios run: --grep / --skip (regular expressions on name and file)
 * and --tag / --skip-tag (any of the tags given, comma-separated).
 */
export interface SelectionFlags {
  grep?: string
  skip?: string
  tag?: string
  skipTag?: string
}

function pattern(flag: '--grep' | '--skip', value: string | undefined): RegExp | undefined {
  if (value === undefined) return undefined
  try {
    return new RegExp(value, 'i')
  } catch (error) {
    throw new UsageError(
      `${flag} ${JSON.stringify(value)} is not a regular expression: ${(error as Error).message}`,
    )
  }
}

/** `--tag a,b`: the tags named, each one that some loaded scenario has (else exit 2 listing those). */
function tagList(flag: '--tag' | '--skip-tag', value: string | undefined, known: string[]): string[] {
  if (value === undefined) return []
  const tags = value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
  if (tags.length === 0) throw new UsageError(`${flag} needs at least one tag (a,b for several)`)
  const unknown = tags.filter((t) => !known.includes(t))
  if (unknown.length > 0)
    throw new UsageError(
      `${flag}: no scenario has the tag${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`,
      known.length > 0
        ? `The tags of these scenarios: ${known.join(', ')}`
        : 'None of these scenarios has tags (a top-level `tags: [auction, slow]`)',
    )
  return tags
}

/** --grep and --skip look at the scenario's name and its file's path, as given. */
const matches = (re: RegExp, scenario: LoadedScenario) => re.test(scenario.name) || re.test(scenario.file)

/** The scenarios chosen, in file order; a selection that leaves nothing is a usage error. */
export function select(loaded: LoadedScenario[], flags: SelectionFlags): LoadedScenario[] {
  const grep = pattern('--grep', flags.grep)
  const skip = pattern('--skip', flags.skip)
  const known = [...new Set(loaded.flatMap((x) => x.tags))].sort()
  const tags = tagList('--tag', flags.tag, known)
  const skipTags = tagList('--skip-tag', flags.skipTag, known)
  const chosen = loaded.filter(
    (x) =>
      (!grep || matches(grep, x)) &&
      !(skip && matches(skip, x)) &&
      (tags.length === 0 || x.tags.some((t) => tags.includes(t))) &&
      !x.tags.some((t) => skipTags.includes(t)),
  )
  if (chosen.length === 0 && loaded.length > 0) {
    const why = [
      grep && `matching --grep ${flags.grep}`,
      skip && `outside --skip ${flags.skip}`,
      tags.length > 0 && `tagged ${tags.join(' or ')}`,
      skipTags.length > 0 && `without the tag${skipTags.length > 1 ? 's' : ''} ${skipTags.join(', ')}`,
    ]
    throw new UsageError(
      `no scenario left to run: ${loaded.length} loaded, none ${why.filter(Boolean).join(' and ')}`,
      'The patterns are regular expressions (case-insensitive) matched against each scenario name and file path; tags are a scenario’s `tags:`',
    )
  }
  return chosen
}
