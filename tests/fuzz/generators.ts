import fc from 'fast-check'
import type { OpenApiDoc } from '../helpers/openapi'
import { resolve } from '../helpers/openapi'

/**
 * fast-check arbitraries for request parts, driven by the JSON schemas of /api/openapi.json:
 * plausible values (so a request gets past validation and into the handler) and hostile ones
 * (wrong types, huge and odd strings, extreme numbers, prototype-named and unknown keys).
 */

type Schema = any

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
]

export const EXTREME_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  0.1,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
]

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\u2066x\u2069',
  '\ufeff',
  '\ud800',
  '\udfff\ud800',
  '\r\n',
  '\t',
  '𝒳😀👩‍👩‍👧',
  'e\u0301\u0301\u0301',
  'نسور',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e999',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '%00',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  '${7*7}',
  '__proto__',
]

/** Strings that are long, very long or long in code points other than ASCII. */
export const hugeString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(10_000, 100_000, 400_000).map((n) => 'x'.repeat(n)),
    fc.constantFrom(2_000, 50_000).map((n) => '😀'.repeat(n)),
    fc.constantFrom(10_000).map((n) => '\u0000'.repeat(n)),
  )

export const unicodeString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...ODD_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  )

export const extremeNumber = (): fc.Arbitrary<number> =>
  fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true }))

/** Any JSON value of the wrong shape for most fields. */
export const anyJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(fc.constantFrom(null, true, false, [], {}, [1, 2], { a: 1 }), extremeNumber(), unicodeString())

/** A value of another JSON type than the schema's. */
export function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const types = new Set<string>([schema?.type ?? []].flat())
  const choices: fc.Arbitrary<unknown>[] = []
  if (!types.has('string')) choices.push(unicodeString())
  if (!types.has('integer') && !types.has('number')) choices.push(extremeNumber())
  if (!types.has('boolean')) choices.push(fc.boolean())
  if (!types.has('array')) choices.push(fc.constantFrom([], [null], ['x', 1]))
  if (!types.has('object')) choices.push(fc.constantFrom({}, { x: 1 }))
  if (!types.has('null')) choices.push(fc.constant(null))
  return fc.oneof(...choices)
}

export interface ValueContext {
  doc: OpenApiDoc
  /** Ids that exist in the fuzz world, used for fields named `id` or `…_id`. */
  knownIds: number[]
}

/** A value that plausibly satisfies `schema` (bounded in size, never huge). */
export function plausible(ctx: ValueContext, schemaIn: Schema, name = '', depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(ctx.doc, schemaIn)
  if (!schema || depth > 5) return fc.constant(null)
  if (schema.anyOf || schema.oneOf)
    return fc.oneof(...(schema.anyOf ?? schema.oneOf).map((s: Schema) => plausible(ctx, s, name, depth + 1)))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  const types = [schema.type ?? 'object'].flat().filter((t: string) => t !== 'null')
  const type = types[0]
  if (type === 'string') {
    if (schema.format === 'email') return fc.constantFrom('fuzz@example.test', 'admin@fanspole.local')
    if (schema.format === 'binary') return fc.constant('')
    if (schema.example !== undefined)
      return fc.oneof(fc.constant(String(schema.example)), fc.string({ maxLength: 8 }))
    if (/(^|_)ids?$/.test(name) && ctx.knownIds.length > 0)
      return fc.constantFrom(...ctx.knownIds).map((id) => String(id))
    return fc.string({
      minLength: Math.min(schema.minLength ?? 0, 30),
      maxLength: Math.min(schema.maxLength ?? 30, 30),
    })
  }
  if (type === 'integer' || type === 'number') {
    if ((name === 'id' || name.endsWith('_id')) && ctx.knownIds.length > 0)
      return fc.oneof(fc.constantFrom(...ctx.knownIds), fc.integer({ min: 1, max: 50 }))
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0)
    const max = Math.min(schema.maximum ?? min + 1000, min + 100_000)
    return type === 'integer'
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true })
  }
  if (type === 'boolean') return fc.boolean()
  if (type === 'array')
    return fc.array(plausible(ctx, schema.items, name, depth + 1), {
      minLength: Math.min(schema.minItems ?? 0, 5),
      maxLength: Math.min(schema.maxItems ?? 5, 5),
    })
  // An object: its required keys, and some of the optional ones.
  const props: Record<string, Schema> = schema.properties ?? {}
  const required: string[] = schema.required ?? []
  const shape = Object.fromEntries(
    Object.entries(props).map(([key, sub]) => [key, plausible(ctx, sub, key, depth + 1)]),
  )
  return fc.record(shape, { requiredKeys: required.filter((k) => k in props) }) as fc.Arbitrary<unknown>
}

/** An object built from entries, so that `__proto__` becomes an ordinary own key. */
export const objectOf = (entries: Array<[string, unknown]>) => Object.fromEntries(entries)
