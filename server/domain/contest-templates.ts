/** The kinds of contest (the `contests.kind` column). */
export const CONTEST_KINDS = ['mega', 'head_to_head', 'small', 'free', 'guaranteed', 'practice'] as const
export type ContestKind = (typeof CONTEST_KINDS)[number]

import { DEFAULT_RAKE_BPS, type PrizeRange, prizePool, tieredStructure, winnerCount } from './prizes'
import { hashString } from './rng'

/** Everything needed to create a contest row, before it has an id. */
export interface ContestSpec {
  name: string
  kind: ContestKind
  entry_fee_paise: number
  members_limit: number
  max_entries: number
  guaranteed: boolean
  rake_bps: number
  prize_pool_paise: number
  prize_structure: PrizeRange[]
  winner_count: number
  sort: number
}

interface Template {
  name: string
  kind: ContestKind
  feeRupees: number
  spots: number
  maxEntries: number
  guaranteed: boolean
  /** Share of the spots that win (at least 1). */
  winnersShare: number
}

/**
 * The spread every upcoming match gets: a guaranteed mega contest with multi-entry, a
 * guaranteed mid-size league, head-to-heads, small leagues, winner-takes-all and a free
 * practice contest. Fees and sizes fit a demo league of a few dozen players; the mega
 * contest is guaranteed, so it runs (and pays) however few join.
 */
const TEMPLATES: Template[] = [
  {
    name: 'Mega Contest',
    kind: 'mega',
    feeRupees: 49,
    spots: 1000,
    maxEntries: 4,
    guaranteed: true,
    winnersShare: 0.3,
  },
  {
    name: 'Guaranteed League',
    kind: 'guaranteed',
    feeRupees: 19,
    spots: 100,
    maxEntries: 2,
    guaranteed: true,
    winnersShare: 0.25,
  },
  {
    name: 'Head to Head',
    kind: 'head_to_head',
    feeRupees: 25,
    spots: 2,
    maxEntries: 1,
    guaranteed: false,
    winnersShare: 0.5,
  },
  {
    name: 'Head to Head',
    kind: 'head_to_head',
    feeRupees: 100,
    spots: 2,
    maxEntries: 1,
    guaranteed: false,
    winnersShare: 0.5,
  },
  {
    name: 'Small League',
    kind: 'small',
    feeRupees: 10,
    spots: 10,
    maxEntries: 1,
    guaranteed: false,
    winnersShare: 0.3,
  },
  {
    name: 'Winner Takes All',
    kind: 'small',
    feeRupees: 50,
    spots: 5,
    maxEntries: 1,
    guaranteed: false,
    winnersShare: 0.2,
  },
  {
    name: 'Free Practice',
    kind: 'free',
    feeRupees: 0,
    spots: 100,
    maxEntries: 1,
    guaranteed: true,
    winnersShare: 0,
  },
]

export function contestSpecs(): ContestSpec[] {
  return TEMPLATES.map((t, i) => buildSpec(t, i + 1))
}

function buildSpec(t: Template, sort: number): ContestSpec {
  const fee = t.feeRupees * 100
  const pool = prizePool(fee, t.spots, DEFAULT_RAKE_BPS)
  const winners = pool === 0 ? 0 : Math.max(1, Math.min(Math.floor(t.spots * t.winnersShare), pool / 100))
  const structure = tieredStructure(pool, winners)
  return {
    name: t.name,
    kind: t.kind,
    entry_fee_paise: fee,
    members_limit: t.spots,
    max_entries: t.maxEntries,
    guaranteed: t.guaranteed,
    rake_bps: DEFAULT_RAKE_BPS,
    prize_pool_paise: pool,
    prize_structure: structure,
    winner_count: winnerCount(structure),
    sort,
  }
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** An 8-character invite code derived from a key (deterministic, so seeds repeat exactly). */
export function inviteCode(key: string): string {
  let h = hashString(key)
  let h2 = hashString(`${key}#`)
  let code = ''
  for (let i = 0; i < 8; i++) {
    const source = i < 4 ? h : h2
    code += CODE_ALPHABET[source % CODE_ALPHABET.length]
    if (i < 4) h = Math.floor(h / CODE_ALPHABET.length)
    else h2 = Math.floor(h2 / CODE_ALPHABET.length)
  }
  return code
}

/** A template's `contests` row for a match (the seed and admin fixtures write the same rows). */
export function contestRow(spec: ContestSpec, matchId: number, inviteCode: string, nowMs: number) {
  return {
    match_id: matchId,
    name: spec.name,
    kind: spec.kind,
    entry_fee_paise: spec.entry_fee_paise,
    members_limit: spec.members_limit,
    max_entries: spec.max_entries,
    guaranteed: spec.guaranteed ? 1 : 0,
    rake_bps: spec.rake_bps,
    prize_pool_paise: spec.prize_pool_paise,
    prize_structure: JSON.stringify(spec.prize_structure),
    winner_count: spec.winner_count,
    invite_code: inviteCode,
    sort: spec.sort,
    created_at_ms: nowMs,
  }
}
