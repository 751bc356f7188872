import { describe, expect, it } from 'vitest'
import { matchLabel, scoresForDisplay, transfersText } from '../../../web/src/features/championship/api'

const raw = [
  { id: 1, name: 'Captain', score: 30 },
  { id: 2, name: 'Vice', score: 20 },
  { id: 3, name: 'Other', score: -5 },
]

describe('scoresForDisplay (history players scores)', () => {
  it('doubles the captain and weighs the vice-captain ×1.5 when the points come raw', () => {
    // Row score as the team scored it: 30×2 + 20×1.5 − 5 = 85.
    expect(scoresForDisplay(raw, 85, 1, 2).map((p) => p.score)).toEqual([60, 30, -5])
  })

  it('shows points that already sum to the row score as they come (never doubled twice)', () => {
    const weighted = [
      { id: 1, name: 'Captain', score: 60 },
      { id: 2, name: 'Vice', score: 30 },
      { id: 3, name: 'Other', score: -5 },
    ]
    expect(scoresForDisplay(weighted, 85, 1, 2).map((p) => p.score)).toEqual([60, 30, -5])
  })

  it('leaves the input alone', () => {
    scoresForDisplay(raw, 85, 1, 2)
    expect(raw[0]?.score).toBe(30)
  })
})

describe('transfersText', () => {
  it('shows ∞ for the unlimited marker, its HTML entity or a missing count', () => {
    expect(transfersText('∞')).toBe('∞')
    expect(transfersText('&#8734;')).toBe('∞')
    expect(transfersText(null)).toBe('∞')
    expect(transfersText(3)).toBe('3')
  })
})

describe('matchLabel', () => {
  it('names the match by number and sides, or by title', () => {
    const base = { id: 1, match_stage: 'League', title: 'Final', status: 'completed' }
    expect(
      matchLabel({ ...base, match_no: 3, team1: { name_attr: 'DEL' }, team2: { name_attr: 'JAI' } }),
    ).toBe('M3 · DEL vs JAI')
    expect(matchLabel({ ...base, match_no: null, team1: null, team2: null })).toBe('Final')
  })
})
