import { z } from 'zod'

/**
 * The Cricsheet JSON format, written from its public documentation
 * (https://cricsheet.org/format/json/, data version 1.1.0) and not from our writer: every key
 * the documentation lists, strict objects (a key it does not list is an error), and the two
 * sums a reader relies on (a delivery's total is the batter's runs plus its extras; the extras
 * add up). Used by the export tests to show the files open as Cricsheet.
 */
const name = z.string().min(1)
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const int = z.number().int().min(0)

const Extras = z.strictObject({
  byes: int.optional(),
  legbyes: int.optional(),
  noballs: int.optional(),
  penalty: int.optional(),
  wides: int.optional(),
})

const WICKET_KINDS = [
  'bowled',
  'caught',
  'caught and bowled',
  'lbw',
  'stumped',
  'run out',
  'retired hurt',
  'hit wicket',
  'obstructing the field',
  'hit the ball twice',
  'handled the ball',
  'timed out',
  'retired out',
  'retired not out',
] as const

const Wicket = z.strictObject({
  player_out: name,
  kind: z.enum(WICKET_KINDS),
  fielders: z.array(z.strictObject({ name: name.optional(), substitute: z.boolean().optional() })).optional(),
})

export const CricsheetDelivery = z
  .strictObject({
    batter: name,
    bowler: name,
    non_striker: name,
    runs: z.strictObject({ batter: int, extras: int, total: int, non_boundary: z.boolean().optional() }),
    extras: Extras.optional(),
    wickets: z.array(Wicket).optional(),
    replacements: z.unknown().optional(),
    review: z.unknown().optional(),
  })
  .refine((d) => d.runs.total === d.runs.batter + d.runs.extras, 'runs.total is batter + extras')
  .refine(
    (d) => Object.values(d.extras ?? {}).reduce((s: number, v) => s + (v ?? 0), 0) === d.runs.extras,
    'the extras add up to runs.extras',
  )

const Innings = z.strictObject({
  team: name,
  overs: z.array(z.strictObject({ over: int, deliveries: z.array(CricsheetDelivery).min(1) })),
  absent_hurt: z.array(name).optional(),
  penalty_runs: z.strictObject({ pre: int.optional(), post: int.optional() }).optional(),
  declared: z.boolean().optional(),
  forfeited: z.boolean().optional(),
  powerplays: z
    .array(
      z.strictObject({
        from: z.number(),
        to: z.number(),
        type: z.enum(['mandatory', 'batting', 'fielding']),
      }),
    )
    .optional(),
  miscounted_overs: z.record(z.string(), z.unknown()).optional(),
  target: z.strictObject({ overs: z.number().optional(), runs: int }).optional(),
  super_over: z.boolean().optional(),
})

const Outcome = z.strictObject({
  winner: name.optional(),
  by: z.strictObject({ runs: int.optional(), wickets: int.optional(), innings: int.optional() }).optional(),
  result: z.enum(['draw', 'no result', 'tie']).optional(),
  eliminator: name.optional(),
  bowl_out: name.optional(),
  method: z.string().optional(),
})

export const CricsheetMatch = z.strictObject({
  meta: z.strictObject({ data_version: z.string(), created: date, revision: int }),
  info: z.strictObject({
    balls_per_over: z.number().int().positive(),
    bowl_out: z.array(z.unknown()).optional(),
    city: z.string().optional(),
    dates: z.array(date).min(1),
    event: z
      .strictObject({
        name,
        match_number: int.optional(),
        group: z.union([z.string(), int]).optional(),
        stage: z.string().optional(),
      })
      .optional(),
    gender: z.enum(['male', 'female']),
    match_type: z.enum(['Test', 'ODI', 'T20', 'ODM', 'IT20', 'MDM']),
    match_type_number: int.optional(),
    missing: z.array(z.unknown()).optional(),
    officials: z.record(z.string(), z.array(name)).optional(),
    outcome: Outcome,
    overs: int.optional(),
    player_of_match: z.array(name).optional(),
    players: z.record(z.string(), z.array(name)),
    registry: z.strictObject({ people: z.record(z.string(), z.string()) }),
    season: z.string(),
    supersubs: z.record(z.string(), name).optional(),
    team_type: z.enum(['club', 'international']),
    teams: z.array(name).length(2),
    toss: z.strictObject({
      winner: name,
      decision: z.enum(['bat', 'field']),
      uncontested: z.boolean().optional(),
    }),
    venue: z.string().optional(),
  }),
  innings: z.array(Innings),
})

export type CricsheetFile = z.infer<typeof CricsheetMatch>

/** Runs of each innings as the file adds them up. */
export const inningsTotals = (file: CricsheetFile) =>
  file.innings.map((i) => i.overs.flatMap((o) => o.deliveries).reduce((s, d) => s + d.runs.total, 0))
