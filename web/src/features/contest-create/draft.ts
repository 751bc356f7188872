import type { ContestDraft, CustomRange, GameKindSlug, PercentRow, PrizeOptionKey } from './api'

/**
 * The creation form as typed (strings, so a half-typed number is kept as the player sees it)
 * and the API body it becomes. The server is the judge of every value: numbers that do not
 * parse are sent as typed and come back as 422 field messages.
 */
export type PrizeSource = 'option' | 'saved' | 'custom'
export type CustomMode = 'percent' | 'amount'
export interface RangeText {
  from: string
  to: string
  value: string
}
export interface DraftState {
  match_id: string
  phase_id: string
  name: string
  description: string
  entry_fee: string
  members_limit: string
  multiple_entries: boolean
  max_entries_per_user: string
  guaranteed: boolean
  is_private: boolean
  prize_source: PrizeSource
  prize_option: PrizeOptionKey
  prize_structure_id: string
  custom_mode: CustomMode
  ranges: RangeText[]
  team_id: string
}

export const emptyDraft = (): DraftState => ({
  match_id: '',
  phase_id: '',
  name: '',
  description: '',
  entry_fee: '50',
  members_limit: '4',
  multiple_entries: false,
  max_entries_per_user: '2',
  guaranteed: false,
  is_private: true,
  prize_source: 'option',
  prize_option: 'winner_takes_all',
  prize_structure_id: '',
  custom_mode: 'percent',
  ranges: [{ from: '1', to: '1', value: '100' }],
  team_id: '',
})

/** A typed number: a number when it parses, the text itself when not (the server says why), none when blank. */
export function typed(text: string): number | string | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : trimmed
}

/** An id picked from a list: none when nothing is picked. */
const picked = (text: string): number | undefined => (text === '' ? undefined : Number(text))

export function rangesOf(state: Pick<DraftState, 'custom_mode' | 'ranges'>): CustomRange[] {
  return state.ranges.map((r) => {
    const from = typed(r.from) as number
    const to = typed(r.to) as number
    const value = typed(r.value) as number
    return state.custom_mode === 'percent' ? { from, to, percent: value } : { from, to, amount: value }
  })
}

export const percentRowsText = (rows: readonly PercentRow[]): RangeText[] =>
  rows.map((r) => ({ from: String(r.from), to: String(r.to), value: String(r.percent) }))

/** Match kinds pick a match and a team; championship picks a phase (the classic team is implied). */
export const isMatchKind = (kind: GameKindSlug) => kind !== 'championship'

export function toDraft(kind: GameKindSlug, s: DraftState): ContestDraft {
  const prize =
    s.prize_source === 'option'
      ? { prize_option: s.prize_option }
      : s.prize_source === 'saved'
        ? { prize_structure_id: picked(s.prize_structure_id) }
        : { prize_ranges: rangesOf(s) }
  return {
    game: kind,
    ...(isMatchKind(kind)
      ? { match_id: picked(s.match_id), team_id: picked(s.team_id) }
      : { phase_id: picked(s.phase_id) }),
    name: s.name.trim(),
    ...(s.description.trim() ? { description: s.description.trim() } : {}),
    entry_fee: typed(s.entry_fee) as number,
    members_limit: typed(s.members_limit) as number,
    multiple_entries: s.multiple_entries,
    ...(s.multiple_entries ? { max_entries_per_user: typed(s.max_entries_per_user) } : {}),
    guaranteed: s.guaranteed,
    is_private: s.is_private,
    ...prize,
  }
}

/** Only what the owner changed goes to the server (after others join, other fields are refused with 409). */
export function draftChanges(kind: GameKindSlug, now: DraftState, was: DraftState): Partial<ContestDraft> {
  const a = toDraft(kind, now) as unknown as Record<string, unknown>
  const b = toDraft(kind, was) as unknown as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(a)) {
    if (['game', 'match_id', 'phase_id', 'team_id'].includes(key)) continue
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out[key] = a[key]
  }
  // Turning multiple entries off drops the cap from the body; say so explicitly.
  if (was.multiple_entries && !now.multiple_entries) out.multiple_entries = false
  // A description wiped clean is cleared, not left as it was.
  if (was.description.trim() && !now.description.trim()) out.description = null
  return out as Partial<ContestDraft>
}

/** Field keys the form renders messages under; anything else goes in the banner above. */
export const SHOWN_FIELDS = [
  'game',
  'match_id',
  'phase_id',
  'team_id',
  'name',
  'description',
  'entry_fee',
  'members_limit',
  'multiple_entries',
  'max_entries_per_user',
  'guaranteed',
  'is_private',
  'prize_option',
  'prize_structure_id',
  'prize_ranges',
]

/** `prize_ranges.2.from` style keys belong to the custom rows. */
export const isShown = (field: string) => SHOWN_FIELDS.includes(field) || field.startsWith('prize_ranges.')

const DRAFT_KEY = 'contest_create_draft'
/**
 * The draft survives a detour to the team builder (and back) in this tab only. It is kept
 * until the contest is created: a page mounted twice on the way back must find it both times.
 */
export function saveDraft(kind: GameKindSlug, state: DraftState): void {
  sessionStorage.setItem(`${DRAFT_KEY}:${kind}`, JSON.stringify(state))
}
export function loadDraft(kind: GameKindSlug): DraftState | null {
  const text = sessionStorage.getItem(`${DRAFT_KEY}:${kind}`)
  if (!text) return null
  try {
    return { ...emptyDraft(), ...(JSON.parse(text) as Partial<DraftState>) }
  } catch {
    return null
  }
}
export function clearDraft(kind: GameKindSlug): void {
  sessionStorage.removeItem(`${DRAFT_KEY}:${kind}`)
}
