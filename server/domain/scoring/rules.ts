import { compileFormula, roundHalfUp } from './formula'
import type { PointSystem, PointValue } from './point-systems'

/** One rule of a point system, ready to score a player's stats: returns integer points. */
export interface CompiledRule<S> {
  id: string
  label: string
  compute: (stats: S) => number
}

/**
 * How a scorer turns a rule into points. `count` rules multiply the table's number by a
 * count from the stats; `formula` rules evaluate the table's formula over variables from the
 * stats (null: the rule does not apply to this player, e.g. a batter who faced no ball).
 */
export type RuleSpec<S> =
  | { count: (stats: S) => number }
  | { variables: readonly string[]; formula: (stats: S) => Record<string, number> | null }

/** Matches rule ids to specs; a pattern's match groups let ids carry numbers (`haul_5`, `finish_3`). */
export type RuleMatcher<S> = (id: string) => RuleSpec<S> | undefined

/**
 * Compiles the rules of one column of a point system (a format such as T20, or a football
 * position). A null cell means the rule is not part of that column. A rule id no matcher
 * knows is a data error and throws, so a new row in the JSON cannot silently score nothing.
 */
export function compileRules<S>(
  system: PointSystem,
  column: string,
  match: RuleMatcher<S>,
): CompiledRule<S>[] {
  const compiled: CompiledRule<S>[] = []
  for (const section of system.sections) {
    for (const rule of section.rules) {
      const spec = match(rule.id)
      if (!spec) throw new Error(`${system.sport} point system: no scorer knows the rule "${rule.id}"`)
      const value: PointValue | undefined = rule.points[column]
      if (value === null || value === undefined) continue
      compiled.push({ id: rule.id, label: rule.label, compute: build(system, rule.id, value, spec) })
    }
  }
  return compiled
}

function build<S>(
  system: PointSystem,
  id: string,
  value: number | string,
  spec: RuleSpec<S>,
): (s: S) => number {
  if ('count' in spec) {
    if (typeof value !== 'number')
      throw new Error(`${system.sport} point system: rule "${id}" needs a number of points, not "${value}"`)
    const count = spec.count
    // Integer tables give integer points; rounding keeps a fractional cell from breaking that.
    return Number.isInteger(value) ? (s) => value * count(s) : (s) => roundHalfUp(value * count(s))
  }
  const vars = spec.formula
  if (typeof value === 'number') return (s) => (vars(s) === null ? 0 : roundHalfUp(value))
  const formula = compileFormula(value, spec.variables)
  return (s) => {
    const v = vars(s)
    return v === null ? 0 : roundHalfUp(formula(v))
  }
}

/** The values of one rule id across a column, for tiered rules (hauls, placements): ids whose cell is set. */
export function columnIds(system: PointSystem, column: string): string[] {
  return system.sections.flatMap((s) =>
    s.rules.filter((r) => r.points[column] !== null && r.points[column] !== undefined).map((r) => r.id),
  )
}

/** Resolves a requested format against a point system's columns, case-insensitively. */
export function resolveColumn(system: PointSystem, format: string | null | undefined): string {
  if (!format) return system.formats[0] ?? ''
  const found = system.formats.find((f) => f.toLowerCase() === format.toLowerCase())
  if (!found)
    throw new Error(`${system.sport} point system has no format "${format}" (${system.formats.join(', ')})`)
  return found
}
