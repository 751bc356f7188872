import { FREE_TRANSFERS_PER_MATCH, PAID_TRANSFER_FEES_PAISE } from '../../domain/championship/transfers'
import {
  ENTRY_FEE_MAX_PAISE,
  FREE_CONTEST_MEMBERS_MAX,
  MAX_ENTRIES_PER_USER_MAX,
  MEMBERS_LIMIT_MAX,
  MEMBERS_LIMIT_MIN,
  OPEN_OWNED_CONTESTS_MAX,
  prizeOptions,
  winnersOf,
} from '../../domain/contest-creation'
import type { GameKind } from '../../domain/game-kinds'
import { paiseToRupees } from '../../domain/money'
import { DEFAULT_RAKE_BPS, rankText } from '../../domain/prizes'
import { POINT_SYSTEMS, pointSystemKeyFor } from '../../domain/scoring/point-systems'
import { CRICKET_MAX_PURE_KEEPERS, CRICKET_MIN } from '../../domain/team/cricket'
import { FOOTBALL_POSITIONS } from '../../domain/team/football'
import { SPORT_RULES } from '../../domain/team/sports'

/**
 * The rules page of a game kind (GET /api/contests/rules/{slug}), built from the constants the
 * server enforces — the team validator's sizes, budget and position limits, the scorer's point
 * system, the creation limits, the rake and the prize options — so the page cannot say one
 * thing while the server does another.
 */
const SAMPLE_MEMBERS = 10

/** The sport a game kind is played in (esports kinds by their family). */
function sportOf(kind: GameKind): string | null {
  if (kind.sport_slug) return kind.sport_slug
  if (kind.target === 'phase') return 'cricket'
  if (kind.slug.startsWith('pubg')) return 'pubg'
  if (kind.slug === 'free-fire' || kind.slug === 'call-of-duty') return kind.slug
  return null
}

function teamRules(sport: string | null) {
  const rules = sport ? SPORT_RULES[sport] : undefined
  if (!sport || !rules) return null
  const roles =
    rules.family === 'cricket'
      ? [
          {
            key: 'WK',
            min: CRICKET_MIN.WK,
            max: CRICKET_MAX_PURE_KEEPERS,
            note: 'at most 1 pure wicket-keeper',
          },
          { key: 'BAT', min: CRICKET_MIN.BAT, max: null, note: null },
          { key: 'AR', min: CRICKET_MIN.AR, max: null, note: null },
          { key: 'BOWL', min: CRICKET_MIN.BOWL, max: null, note: null },
          {
            key: 'AR+BOWL',
            min: CRICKET_MIN.AR_AND_BOWL,
            max: null,
            note: 'all-rounders and bowlers together',
          },
        ]
      : rules.family === 'football'
        ? FOOTBALL_POSITIONS.map((p) => ({ key: p.key, min: p.min, max: p.max, note: null }))
        : []
  const points = POINT_SYSTEMS[pointSystemKeyFor(sport)]
  return {
    sport,
    team_size: rules.team_size,
    budget_credits: rules.budget_tenths / 10,
    roles,
    // The validator has no cap on players from one real team (docs/team-rules.md).
    per_team_cap: null,
    captain_multiplier: points?.multipliers.captain ?? 2,
    vice_captain_multiplier: points?.multipliers.vice_captain ?? 1.5,
  }
}

export function rulesOf(kind: GameKind) {
  const sport = sportOf(kind)
  const options = prizeOptions(SAMPLE_MEMBERS).map((o) => ({
    key: o.key,
    label: o.label,
    winners: winnersOf(o.ranges),
    prizes: o.ranges.map((r) => ({
      rank_text: rankText({ ...r, amount_paise: 0 }),
      from: r.from,
      to: r.to,
      percent: r.percent_bps / 100,
    })),
  }))
  const rake = DEFAULT_RAKE_BPS / 100
  return {
    slug: kind.slug,
    name: kind.name,
    available: kind.available,
    description: kind.description,
    team_rules: kind.target === 'auction' ? null : teamRules(sport),
    point_system: sport ? (POINT_SYSTEMS[pointSystemKeyFor(sport)] ?? null) : null,
    championship:
      kind.target === 'phase'
        ? {
            free_transfers_per_match: FREE_TRANSFERS_PER_MATCH,
            paid_transfer_fees: PAID_TRANSFER_FEES_PAISE.map(paiseToRupees),
          }
        : null,
    creation: {
      members_min: MEMBERS_LIMIT_MIN,
      members_max: MEMBERS_LIMIT_MAX,
      entry_fee_max: paiseToRupees(ENTRY_FEE_MAX_PAISE),
      free_members_max: FREE_CONTEST_MEMBERS_MAX,
      max_entries_per_user: MAX_ENTRIES_PER_USER_MAX,
      open_contests_max: OPEN_OWNED_CONTESTS_MAX,
      rake_percent: rake,
      sample_members: SAMPLE_MEMBERS,
      prize_options: options,
    },
    refunds: [
      `The prize pool is entry fee × spots less the ${rake}% platform fee, in whole rupees.`,
      'If a contest has not filled when the match starts, it is cancelled and every entry fee goes back to unused balance.',
      `A guaranteed contest made by a player runs with the members it has (at least ${MEMBERS_LIMIT_MIN} players): its prize table shrinks to them and pays out what they paid in, less the ${rake}% fee; with only its creator in it, it is cancelled and refunded.`,
      'The owner may delete a contest before the start: every member is refunded to unused balance at once.',
      'The owner may remove a member before the start: that entry fee goes back to the member’s unused balance, and they cannot join again.',
      'If the match is abandoned, every entry fee is refunded.',
      'Tied teams share the prizes of the positions they occupy.',
    ],
    access: [
      `A free private contest (up to ${FREE_CONTEST_MEMBERS_MAX} members): anyone signed in.`,
      'A paid or public contest: a verified mobile number and a completed paid contest, or access granted by an admin.',
      `Everyone: at most ${OPEN_OWNED_CONTESTS_MAX} open contests of your own at a time.`,
      `Entry fee from ₹0 to ₹${paiseToRupees(ENTRY_FEE_MAX_PAISE)} in whole rupees; ${MEMBERS_LIMIT_MIN}–${MEMBERS_LIMIT_MAX} spots; up to ${MAX_ENTRIES_PER_USER_MAX} teams per player with multiple entries.`,
    ],
  }
}
