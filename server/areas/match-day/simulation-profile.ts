import { AppError, invalid } from '../../http/errors'
import { profileKind, profilesFor, resolveProfile } from '../../sim'
import type { MatchRow } from '../matches'

/** A simulation's choice of profile: an era for cricket, a league for football (both optional). */
export interface ProfileChoice {
  era?: string | undefined
  league?: string | undefined
}

/**
 * The profile a simulation request names, checked against the match's sport and format: an
 * era on a football match, a league on a cricket one, or a T20 era on an ODI is a 422 naming
 * the values that fit. Undefined: none named (the series' or the default applies).
 */
export function requestedProfile(match: MatchRow, choice: ProfileChoice): string | undefined {
  const kind = profileKind(match.sport_slug)
  for (const field of ['era', 'league'] as const) {
    const value = choice[field]
    if (value === undefined) continue
    if (kind !== field)
      throw invalid({
        [field]: [`does not apply to ${match.sport_slug}${kind ? ` (choose ${a(kind)})` : ''}`],
      })
    const valid = profilesFor(match.sport_slug, match.format)
    if (!valid.includes(value as (typeof valid)[number])) {
      const what = a(`${match.format ?? match.sport_slug} match`)
      throw invalid({
        [field]: [valid.length ? `must be one of ${valid.join(', ')} for ${what}` : `${what} has none`],
      })
    }
    return value
  }
  return undefined
}

/** `an era`, `an ODI match`, `a T20 match`, `a league`. */
const a = (words: string) => `${/^(ODI|[aeiou])/i.test(words) ? 'an' : 'a'} ${words}`

/** 409 when the simulation already started under another profile (a restart plays the same match). */
export function checkStartedProfile(match: MatchRow, stored: string | null, requested: string | undefined) {
  if (requested === undefined) return
  const playing = resolveProfile(match.sport_slug, match.format, stored)
  if (playing !== requested)
    throw new AppError(
      'MATCH_STATE',
      `The simulation already started with ${profileKind(match.sport_slug)} ${playing}`,
    )
}
