import { describe, expect, it } from 'vitest'
import { parseFields, selectEnvelope, selectFields } from '../../server/http/fields'

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

  it('ignores unknown names and unbalanced braces without throwing', () => {
    expect(selectFields({ a: 1 }, parseFields('nope,a{')!)).toEqual({ a: 1 })
  })
})
