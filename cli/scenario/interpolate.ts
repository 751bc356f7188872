import { parseDuration } from '../lib/time'
import { lookup } from './paths'

/**
 * `${name}` / `${alice.token}` / `${reset.body.token}` interpolation in every string of a
 * step (keys included). A string that is exactly one `${…}` keeps the variable's type
 * (numbers stay numbers, objects stay objects); inside longer text values are stringified.
 * `${t0 + 2h}` / `${id - 1}` add or subtract a number or a duration from a numeric variable.
 * `$${` writes a literal `${`.
 */
export class InterpolationError extends Error {}

const TOKEN = /\$\$\{|\$\{([^}]*)\}/g
const WHOLE = /^\$\{([^}]*)\}$/
const EXPR = /^\s*([A-Za-z_][\w-]*(?:\.[\w-]+|\[\d+\])*)\s*(?:([+-])\s*(\S+))?\s*$/

export type Vars = Record<string, unknown>

export function interpolate<T>(value: T, vars: Vars): T {
  return walk(value, vars) as T
}

function walk(value: unknown, vars: Vars): unknown {
  if (typeof value === 'string') return interpolateString(value, vars)
  if (Array.isArray(value)) return value.map((item) => walk(item, vars))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value))
      out[String(interpolateString(key, vars))] = walk(item, vars)
    return out
  }
  return value
}

export function interpolateString(text: string, vars: Vars): unknown {
  const whole = WHOLE.exec(text)
  if (whole) return evaluate(whole[1] as string, vars)
  if (!text.includes('${')) return text
  return text.replace(TOKEN, (token, expr: string | undefined) => {
    if (token === '$${') return '${'
    const value = evaluate(expr as string, vars)
    return typeof value === 'string' ? value : JSON.stringify(value)
  })
}

function evaluate(expr: string, vars: Vars): unknown {
  const parsed = EXPR.exec(expr)
  if (!parsed)
    throw new InterpolationError(`cannot read \${${expr}}: expected \${name}, \${name.path} or \${name + 2h}`)
  const [, path, op, operand] = parsed as unknown as [string, string, string | undefined, string | undefined]
  const found = lookup(vars, path)
  if (!found.found || found.value === undefined) {
    const root = path.split(/[.[]/)[0] as string
    const known = Object.keys(vars).sort().join(', ')
    throw new InterpolationError(
      root in vars
        ? `\${${path}} is not set (${found.found ? 'undefined' : `nothing at ${found.at}`})`
        : `unknown variable \${${path}} (known: ${known || 'none'})`,
    )
  }
  if (!op) return found.value
  const base = typeof found.value === 'number' ? found.value : Number(found.value)
  // A plain number is milliseconds (`${t0 - 500}`); anything else must carry units.
  const delta = /^\d+$/.test(operand as string) ? Number(operand) : parseDuration(operand as string)
  if (!Number.isFinite(base)) throw new InterpolationError(`\${${expr}}: ${path} is not a number`)
  if (delta === undefined)
    throw new InterpolationError(`\${${expr}}: ${operand} is not a number or a duration`)
  return op === '+' ? base + delta : base - delta
}
