import { describe, expect, it } from 'vitest'
import { AppError } from '../../../server/http/errors'
import {
  FIELDS_MAX_DEPTH,
  FIELDS_MAX_LENGTH,
  parseFields,
  selectEnvelope,
  selectFields,
} from '../../../server/http/fields'

describe('?fields= parsing and selection', () => {
  it('parses flat and brace-nested lists, tolerating spaces', () => {
    const tree = parseFields('id, name,series{name},ground{name, location,country}')
    expect(tree && [...tree.keys()]).toEqual(['id', 'name', 'series', 'ground'])
    expect(tree?.get('id')).toBeNull()
    expect([...(tree?.get('ground')?.keys() ?? [])]).toEqual(['name', 'location', 'country'])
  })

  it('returns null for an empty selection', () => {
    expect(parseFields('')).toBeNull()
    expect(parseFields(' , ')).toBeNull()
  })

  it('selects inside objects and every element of arrays; a bare name keeps the whole value', () => {
    const tree = parseFields('id,user{id,team_name},team1,scores{total}')!
    const value = [
      {
        id: 1,
        secret: 'x',
        user: { id: 7, team_name: 'T', email: 'e' },
        team1: { a: 1, b: 2 },
        scores: [{ total: 3, x: 1 }],
      },
      { id: 2, user: null },
    ]
    expect(selectFields(value, tree)).toEqual([
      { id: 1, user: { id: 7, team_name: 'T' }, team1: { a: 1, b: 2 }, scores: [{ total: 3 }] },
      { id: 2, user: null },
    ])
  })

  it('applies to each resource of an envelope but leaves meta and scalars alone', () => {
    const tree = parseFields('id')!
    const body = { contests: [{ id: 1, name: 'a' }], meta: { page: 1, total: 9 }, teams_count: 2 }
    expect(selectEnvelope(body, tree)).toEqual({
      contests: [{ id: 1 }],
      meta: { page: 1, total: 9 },
      teams_count: 2,
    })
  })

  it('ignores unknown names, and selects only own properties', () => {
    expect(selectFields({ a: 1 }, parseFields('nope,a')!)).toEqual({ a: 1 })
    const picked = selectFields({ a: 1 }, parseFields('constructor,__proto__{a},toString')!)
    expect(JSON.stringify(picked)).toBe('{}')
    expect(Object.getPrototypeOf(picked)).toBe(Object.prototype)
  })

  const refusal = (spec: string) => {
    try {
      parseFields(spec)
    } catch (error) {
      return error as AppError
    }
    throw new Error(`accepted ${spec}`)
  }

  it('refuses malformed selections with a 422 on `fields`', () => {
    for (const [spec, message] of [
      ['a{', 'has a "{" without a matching "}"'],
      ['a}', 'has a "}" without a matching "{"'],
      ['{a}', 'has a "{" without a field name before it'],
      ['a{b}{c}', 'has a "{" without a field name before it'],
      ['a.b', 'has an invalid field name "a.b"'],
      ['a,b(c)', 'has an invalid field name "b(c)"'],
    ]) {
      const error = refusal(spec as string)
      expect(error).toBeInstanceOf(AppError)
      expect(error.status).toBe(422)
      expect(error.fields).toEqual({ fields: [message] })
    }
  })

  it('bounds depth and length instead of recursing without limit', () => {
    const deep = (n: number) => `${'a{'.repeat(n)}b${'}'.repeat(n)}`
    expect(parseFields(deep(FIELDS_MAX_DEPTH))).not.toBeNull()
    expect(refusal(deep(FIELDS_MAX_DEPTH + 1)).fields).toEqual({
      fields: [`is nested too deeply (maximum is ${FIELDS_MAX_DEPTH} levels)`],
    })
    expect(refusal('{'.repeat(8000)).status).toBe(422)
    expect(refusal('a{'.repeat(100_000)).fields).toEqual({
      fields: [`is too long (maximum is ${FIELDS_MAX_LENGTH} characters)`],
    })
  })
})
