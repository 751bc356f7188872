import fs from 'node:fs'
import { UsageError } from './errors'

/**
 * `fanspole api --field/--raw-field key=value` (docs/tester-tools.md "fanspole api"), as
 * `gh api` reads them: `--field` types its value (numbers, true, false, null, `@file` for a
 * file's text, `@-` for standard input), `--raw-field` keeps it a string; keys nest with
 * `a[b]=1` or `a.b=1`, and `a[]=1` appends to a list. Pure but for reading `@file`.
 */
export interface FieldArg {
  text: string
  raw: boolean
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/

/** A typed `--field` value: the literal it spells, a file's text (`@path`), else the string. */
export function typedValue(value: string, readFile: (path: string) => string = readText): Json {
  if (value === 'true') return true
  if (value === 'false') return false
  if (value === 'null') return null
  if (NUMBER.test(value) && Number.isSafeInteger(Math.trunc(Number(value)))) return Number(value)
  if (value.startsWith('@') && value.length > 1) return readFile(value.slice(1))
  return value
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file === '-' ? 0 : file, 'utf8')
  } catch (error) {
    throw new UsageError(`--field: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`)
  }
}

/** `a[b][]` or `a.b` → ['a', 'b', ''] / ['a', 'b']; '' is "append". */
export function keyPath(key: string): string[] {
  const head = /^[^[.]+/.exec(key)?.[0]
  if (!head) throw new UsageError(`--field: ${JSON.stringify(key)} has no name before [ or .`)
  const parts = [head]
  const rest = key.slice(head.length)
  const segment = /\[([^\]]*)\]|\.([^[.]+)/y
  let at = 0
  while (at < rest.length) {
    segment.lastIndex = at
    const match = segment.exec(rest)
    if (!match) throw new UsageError(`--field: ${JSON.stringify(key)} is not a key (a, a[b], a.b or a[])`)
    parts.push(match[1] ?? match[2] ?? '')
    at = segment.lastIndex
  }
  return parts
}

/** Splits `key=value` at the first `=`. */
export function splitField(text: string, flag: string): [string, string] {
  const eq = text.indexOf('=')
  if (eq <= 0) throw new UsageError(`${flag}: expected key=value, got ${JSON.stringify(text)}`)
  return [text.slice(0, eq), text.slice(eq + 1)]
}

function place(target: Record<string, Json>, path: string[], value: Json, key: string): void {
  let node: Record<string, Json> | Json[] = target
  for (let i = 0; i < path.length; i++) {
    const name = path[i] as string
    const last = i === path.length - 1
    const next = path[i + 1]
    const fresh: Json = next === '' ? [] : {}
    if (Array.isArray(node)) {
      if (name !== '') throw new UsageError(`--field: ${key} mixes a list and named keys`)
      if (last) node.push(value)
      else {
        node.push(fresh)
        node = fresh as Record<string, Json> | Json[]
      }
      continue
    }
    if (name === '') throw new UsageError(`--field: ${key} appends to something that is not a list`)
    if (last) {
      node[name] = value
      continue
    }
    const existing: Json | undefined = node[name]
    if (existing === undefined) node[name] = fresh
    else if (existing === null || typeof existing !== 'object')
      throw new UsageError(
        `--field: ${key} nests under ${path.slice(0, i + 1).join('.')}, which has a value already`,
      )
    else if (Array.isArray(existing) !== (next === ''))
      throw new UsageError(
        `--field: ${key} uses ${path.slice(0, i + 1).join('.')} both as a list and as an object`,
      )
    node = node[name] as Record<string, Json> | Json[]
  }
}

/** The fields as one JSON object (a body). */
export function fieldsBody(fields: FieldArg[], readFile?: (path: string) => string): Record<string, Json> {
  const body: Record<string, Json> = {}
  for (const field of fields) {
    const [key, value] = splitField(field.text, field.raw ? '--raw-field' : '--field')
    place(body, keyPath(key), field.raw ? value : typedValue(value, readFile), key)
  }
  return body
}

/** The fields as a query string (GET, DELETE, or beside `--input`): `a[b]=1` kept as written. */
export function fieldsQuery(fields: FieldArg[], readFile?: (path: string) => string): string {
  const query = new URLSearchParams()
  for (const field of fields) {
    const [key, value] = splitField(field.text, field.raw ? '--raw-field' : '--field')
    const typed = field.raw ? value : typedValue(value, readFile)
    query.append(key, typed === null ? '' : String(typed))
  }
  return query.toString()
}

/**
 * `--pick .a.b[0].c` (or `a.b.0.c`): that part of the answer, or undefined when the answer
 * has no such part.
 */
export function pickPath(value: unknown, path: string): unknown {
  const parts = path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '')
  let node: unknown = value
  for (const part of parts) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}
