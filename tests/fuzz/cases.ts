import fc from 'fast-check'
import type { OpenApiDoc, Operation } from '../helpers/openapi'
import { fillPath, resolve } from '../helpers/openapi'
import {
  anyJson,
  extremeNumber,
  hugeString,
  objectOf,
  PROTOTYPE_KEYS,
  plausible,
  unicodeString,
  type ValueContext,
  wrongType,
} from './generators'
import type { Identity } from './world'

/**
 * One fuzz request per draw, of a given category, for one operation: the path (real ids
 * unless the category is about ids), a query, headers and a body.
 */

/** Categories about the body: a read has none, so it gets the query and path ones instead. */
const BODY_CATEGORIES = [
  'malformed_json',
  'wrong_types',
  'huge_strings',
  'unicode',
  'extreme_numbers',
  'prototype_keys',
  'unknown_keys',
  'non_object',
  'content_types',
] as const

export const CATEGORIES = [
  'plausible',
  ...BODY_CATEGORIES,
  'bad_path_ids',
  'bad_fields',
  'bad_query',
] as const
export type Category = (typeof CATEGORIES)[number]

const IS_BODY_CATEGORY = new Set<Category>(BODY_CATEGORIES)

export function categoriesFor(op: Operation): Category[] {
  return op.method === 'GET' ? CATEGORIES.filter((c) => !IS_BODY_CATEGORY.has(c)) : [...CATEGORIES]
}

export interface FuzzCase {
  identity: Identity
  category: Category
  method: string
  path: string
  headers: Record<string, string>
  /** A string body, or form entries sent as real multipart (with its boundary). */
  body?: string | Array<[string, string]>
}

export interface CaseContext extends ValueContext {
  doc: OpenApiDoc
  pathValues: Record<string, string | number>
}

const BAD_IDS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '2147483648',
  '99999999999999999999',
  '9'.repeat(400),
  '%00',
  '%E2%80%AE1',
  '%F0%9F%98%80',
  '..',
  '%2e%2e',
  'null',
  '__proto__',
  'constructor',
  ' 1',
]

const BAD_FIELDS = [
  '{'.repeat(8000),
  '}'.repeat(50),
  'a{'.repeat(50) + '}'.repeat(50),
  'id{',
  '{id}',
  'id,,name',
  'constructor,__proto__{a}',
  '%00',
  '😀',
  'a'.repeat(5000),
  `id,${'x,'.repeat(900)}`,
]

/** Values of path parameters: the world's, or for `{id}` the one of the resource named before it. */
export function realPathValues(op: Operation, values: Record<string, string | number>) {
  const out: Record<string, string | number> = {}
  const segments = op.path.split('/')
  for (const name of op.params) {
    const index = segments.indexOf(`{${name}}`)
    const before = segments[index - 1] ?? ''
    const key = name === 'id' ? before : name
    const value = values[key] ?? values[name]
    if (value !== undefined) out[name] = value
  }
  return out
}

function queryParams(op: Operation): Array<{ name: string; schema: unknown; required: boolean }> {
  return (op.op.parameters ?? [])
    .filter((p: { in: string }) => p.in === 'query')
    .map((p: { name: string; schema: unknown; required?: boolean }) => ({
      name: p.name,
      schema: p.schema,
      required: p.required === true,
    }))
}

/** Percent-encoding of the UTF-8 bytes (an unpaired surrogate, which encodeURIComponent refuses, becomes U+FFFD). */
const pct = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('')

const encode = (entries: Array<[string, unknown]>) =>
  entries.map(([k, v]) => `${pct(k)}=${pct(String(v))}`).join('&')

const json = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? String(v) : v))

export function caseArbitrary(
  op: Operation,
  identity: Identity,
  category: Category,
  ctx: CaseContext,
): fc.Arbitrary<FuzzCase> {
  const real = realPathValues(op, ctx.pathValues)
  const params = queryParams(op)
  const bodySchema = resolve(ctx.doc, op.bodySchema)
  const props: Array<[string, unknown]> = Object.entries(bodySchema?.properties ?? {})
  const hasJsonBody = op.bodyTypes.includes('application/json')

  const plausibleBody: fc.Arbitrary<Record<string, unknown>> =
    bodySchema && op.bodyTypes.length > 0
      ? (plausible(ctx, bodySchema).map((v) =>
          v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {},
        ) as fc.Arbitrary<Record<string, unknown>>)
      : fc.constant({})

  const plausibleQuery = fc
    .tuple(...params.map((p) => fc.option(plausible(ctx, p.schema, p.name), { nil: undefined })))
    .map((values) =>
      params.flatMap(
        (p, i): Array<[string, unknown]> =>
          values[i] === undefined && !p.required ? [] : [[p.name, values[i] ?? '']],
      ),
    )

  /** One property of the plausible body replaced (or, without properties, a new one). */
  const replaceOne = (value: (schema: unknown) => fc.Arbitrary<unknown>) =>
    fc
      .tuple(plausibleBody, fc.nat(), props.length > 0 ? fc.constant(null) : fc.string())
      .chain(([body, n, key]) => {
        const [name, schema] =
          props.length > 0 ? (props[n % props.length] as [string, unknown]) : [key ?? 'x', {}]
        return value(resolve(ctx.doc, schema)).map((v) =>
          objectOf([...Object.entries(body), [name as string, v]]),
        )
      })

  let path: fc.Arbitrary<string> = fc.constant(fillPath(op.path, real))
  let query: fc.Arbitrary<Array<[string, unknown]>> = plausibleQuery
  let headers: fc.Arbitrary<Record<string, string>> = fc.constant({})
  let body: fc.Arbitrary<string | Array<[string, string]> | undefined> = hasJsonBody
    ? plausibleBody.map(json)
    : op.bodyTypes.length > 0
      ? plausibleBody.map((b) => encode(Object.entries(b)))
      : fc.constant(undefined)
  const jsonHeaders = { 'content-type': 'application/json' }
  if (hasJsonBody) headers = fc.constant(jsonHeaders)
  else if (op.bodyTypes.length > 0) headers = fc.constant({ 'content-type': op.bodyTypes[0] as string })

  switch (category) {
    case 'plausible':
      headers = headers.chain((h) =>
        fc.oneof(
          fc.constant(h),
          fc.constantFrom('fuzz-key-1', 'x'.repeat(300), 'ü').map((k) => ({ ...h, 'Idempotency-Key': k })),
        ),
      )
      break
    case 'malformed_json':
      headers = fc.constant(jsonHeaders)
      body = fc.oneof(
        fc.constantFrom(
          '{',
          '{"a":',
          '{"a":1,}',
          "{'a':1}",
          '{"a":1}}',
          'nul',
          '\u0000',
          '{"a":"\\u12"}',
          '[1,]',
        ),
        plausibleBody.chain((b) => fc.nat().map((n) => json(b).slice(0, n % Math.max(1, json(b).length)))),
        fc.string({ unit: 'binary', maxLength: 30 }),
      )
      break
    case 'wrong_types':
      headers = fc.constant(jsonHeaders)
      body = replaceOne((schema) => wrongType(schema)).map(json)
      break
    case 'huge_strings':
      headers = fc.constant(jsonHeaders)
      body = replaceOne(() => hugeString()).map(json)
      break
    case 'unicode':
      headers = fc.constant(jsonHeaders)
      body = replaceOne(() => unicodeString()).map(json)
      break
    case 'extreme_numbers':
      headers = fc.constant(jsonHeaders)
      body = replaceOne(() => extremeNumber()).map(json)
      break
    case 'prototype_keys':
      headers = fc.constant(jsonHeaders)
      body = fc
        .tuple(plausibleBody, fc.constantFrom(...PROTOTYPE_KEYS), anyJson())
        .map(([b, key, v]) => json(objectOf([...Object.entries(b), [key, v]])))
      break
    case 'unknown_keys':
      headers = fc.constant(jsonHeaders)
      body = fc
        .tuple(plausibleBody, fc.oneof(fc.string({ maxLength: 20 }), unicodeString()), anyJson())
        .map(([b, key, v]) => json(objectOf([...Object.entries(b), [key, v]])))
      break
    case 'non_object':
      headers = fc.constant(jsonHeaders)
      body = fc.constantFrom('null', '[]', '"x"', '5', 'true', '[{}]', '""')
      break
    case 'content_types': {
      const entries = plausibleBody.map((b) =>
        Object.entries(b).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : json(v)]),
      )
      const pick = fc.constantFrom(
        'form',
        'multipart',
        'multipart-no-boundary',
        'text',
        'xml',
        'none',
        'json-latin1',
        'octet',
      )
      const both = fc.tuple(pick, entries)
      headers = both.map(([kind]) => contentTypeHeaders(kind))
      body = both.map(([kind, e]) =>
        kind === 'multipart' ? e : kind === 'form' ? encode(e) : bodyText(kind, e),
      )
      break
    }
    case 'bad_path_ids':
      if (op.params.length > 0)
        path = fc.tuple(fc.constantFrom(...op.params), fc.constantFrom(...BAD_IDS)).map(([name, bad]) =>
          // The bad value goes in as written (already URL-encoded where it needs to be).
          op.path.replace(/\{([^}]+)\}/g, (_, n: string) => (n === name ? bad : pct(String(real[n] ?? '1')))),
        )
      break
    case 'bad_fields':
      query = fc
        .tuple(plausibleQuery, fc.oneof(fc.constantFrom(...BAD_FIELDS), unicodeString()))
        .map(([q, f]) => [...q, ['fields', f]])
      break
    case 'bad_query': {
      const names = [...params.map((p) => p.name), 'page', 'per_page', 'q', 'bogus']
      query = fc
        .tuple(
          plausibleQuery,
          fc.constantFrom(...names),
          fc.oneof(
            fc.constantFrom(...BAD_IDS.map(decodeURIComponent)),
            extremeNumber().map(String),
            unicodeString(),
            hugeString().map((s) => s.slice(0, 20_000)),
          ),
        )
        .map(([q, name, v]) => [...q.filter(([k]) => k !== name), [name, v]])
      break
    }
  }

  return fc.record({ path, query, headers, body }).map(
    ({ path: p, query: q, headers: h, body: b }): FuzzCase => ({
      identity,
      category,
      method: op.method,
      path: q.length > 0 ? `${p}?${encode(q)}` : p,
      headers: h,
      ...(op.method === 'GET' || b === undefined ? {} : { body: b }),
    }),
  )
}

function contentTypeHeaders(kind: string): Record<string, string> {
  switch (kind) {
    case 'form':
      return { 'content-type': 'application/x-www-form-urlencoded' }
    case 'multipart':
      return {}
    case 'multipart-no-boundary':
      return { 'content-type': 'multipart/form-data' }
    case 'text':
      return { 'content-type': 'text/plain' }
    case 'xml':
      return { 'content-type': 'application/xml' }
    case 'json-latin1':
      return { 'content-type': 'application/json; charset=latin1' }
    case 'octet':
      return { 'content-type': 'application/octet-stream' }
    default:
      return {}
  }
}

function bodyText(kind: string, entries: Array<[string, string]>): string {
  if (kind === 'xml') return `<body>${entries.map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</body>`
  if (kind === 'json-latin1') return JSON.stringify(Object.fromEntries(entries))
  return encode(entries)
}
