import { serverOptions } from '../lib/command'
import type { OptionSchema, OptionsOf } from '../lib/options'

// The admin actions' options: match.ts wires them to commander, match-admin.ts runs them.

export const simulateOptions = serverOptions((z) => ({
  mode: z.enum(['live', 'instant'], { error: 'expected live or instant' }),
  // Checked by the server against the match's sport and format (its 422 becomes a usage error).
  era: z.string().min(1).optional(),
  league: z.string().min(1).optional(),
}))

export const scoreOptions = serverOptions((z) => ({
  events: z.string().min(1),
}))

export const adminOptions = ((z) =>
  z.object({ server: z.string().optional(), json: z.boolean().default(false) })) satisfies OptionSchema

export const abandonOptions = serverOptions((z) => ({
  reason: z.string().trim().min(3, 'must be at least 3 characters').max(200).optional(),
}))

export type SimulateOptions = OptionsOf<typeof simulateOptions>
export type ScoreOptions = OptionsOf<typeof scoreOptions>
export type AdminOptions = OptionsOf<typeof adminOptions>
export type AbandonOptions = OptionsOf<typeof abandonOptions>
