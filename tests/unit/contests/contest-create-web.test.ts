import { describe, expect, it } from 'vitest'
import { GAME_KINDS } from '../../../server/domain/game-kinds'
import {
  draftChanges,
  emptyDraft,
  rangesOf,
  toDraft,
  typed,
} from '../../../web/src/features/contest-create/draft'
import { ESPORTS_PAGES, FORM_KINDS, KIND_PAGES } from '../../../web/src/features/contest-create/kinds'

describe('the creation form becomes the API body', () => {
  const base = {
    ...emptyDraft(),
    match_id: '7',
    team_id: '3',
    name: '  Hostel 4  ',
    entry_fee: '50',
    members_limit: '4',
  }

  it('sends a match kind with its match and team, numbers as numbers, the default prize option', () => {
    expect(toDraft('single-match', base)).toEqual({
      game: 'single-match',
      match_id: 7,
      team_id: 3,
      name: 'Hostel 4',
      entry_fee: 50,
      members_limit: 4,
      multiple_entries: false,
      guaranteed: false,
      is_private: true,
      prize_option: 'winner_takes_all',
    })
  })

  it('sends a championship draft with its phase and no team (the classic team is implied)', () => {
    const body = toDraft('championship', { ...base, phase_id: '12' })
    expect(body).toMatchObject({ game: 'championship', phase_id: 12 })
    expect(body).not.toHaveProperty('team_id')
    expect(body).not.toHaveProperty('match_id')
  })

  it('sends exactly one prize source', () => {
    const saved = toDraft('single-match', { ...base, prize_source: 'saved', prize_structure_id: '9' })
    expect(saved).toMatchObject({ prize_structure_id: 9 })
    expect(saved).not.toHaveProperty('prize_option')
    const custom = toDraft('single-match', {
      ...base,
      prize_source: 'custom',
      custom_mode: 'amount',
      ranges: [
        { from: '1', to: '1', value: '100' },
        { from: '2', to: '3', value: '35' },
      ],
    })
    expect(custom.prize_ranges).toEqual([
      { from: 1, to: 1, amount: 100 },
      { from: 2, to: 3, amount: 35 },
    ])
    expect(custom).not.toHaveProperty('prize_option')
    expect(custom).not.toHaveProperty('prize_structure_id')
  })

  it('keeps a value that is not a number as typed, so the server names the field', () => {
    expect(typed('12x')).toBe('12x')
    expect(typed(' ')).toBeUndefined()
    expect(typed('0')).toBe(0)
    expect(rangesOf({ custom_mode: 'percent', ranges: [{ from: '1', to: 'two', value: '50' }] })).toEqual([
      { from: 1, to: 'two', percent: 50 },
    ])
  })

  it('sends the entries cap only with multiple entries', () => {
    expect(toDraft('single-match', base)).not.toHaveProperty('max_entries_per_user')
    expect(
      toDraft('single-match', { ...base, multiple_entries: true, max_entries_per_user: '3' }),
    ).toMatchObject({
      multiple_entries: true,
      max_entries_per_user: 3,
    })
  })
})

describe('an edit sends only what changed', () => {
  const was = {
    ...emptyDraft(),
    match_id: '7',
    team_id: '3',
    name: 'Hostel 4',
    entry_fee: '50',
    members_limit: '4',
  }

  it('sends nothing for an untouched form, and never the game, match or team', () => {
    expect(draftChanges('single-match', was, was)).toEqual({})
    expect(draftChanges('single-match', { ...was, match_id: '8', team_id: '4' }, was)).toEqual({})
  })

  it('sends the name and a larger size alone', () => {
    expect(draftChanges('single-match', { ...was, name: 'Hostel 5', members_limit: '6' }, was)).toEqual({
      name: 'Hostel 5',
      members_limit: 6,
    })
  })

  it('says so when multiple entries are turned off', () => {
    const multi = { ...was, multiple_entries: true, max_entries_per_user: '3' }
    expect(draftChanges('single-match', was, multi)).toEqual({ multiple_entries: false })
  })
})

describe('every game kind has a creation page', () => {
  it('gives each fantasy kind the form and each esports kind its host form; never the auction', () => {
    const open = GAME_KINDS.filter(
      (k) => k.available && k.target !== 'auction' && k.target !== 'esports',
    ).map((k) => k.slug)
    expect([...FORM_KINDS].sort()).toEqual([...open].sort())
    for (const k of GAME_KINDS.filter((k) => k.target === 'esports')) expect(ESPORTS_PAGES).toContain(k.slug)
    expect(ESPORTS_PAGES).toContain('pubg-get-access')
    expect(ESPORTS_PAGES).toContain('pubg-contest-requirement')
    expect(KIND_PAGES).not.toContain('auction')
  })
})

describe('clearing the description', () => {
  it('sends null, so the server clears it', () => {
    const was = { ...emptyDraft(), name: 'Hostel 4', description: 'Friday nights' }
    expect(draftChanges('single-match', { ...was, description: '  ' }, was)).toEqual({ description: null })
  })
})
