import { serverJson } from '../lib/command'
import type { OptionSchema, OptionsOf } from '../lib/options'

// The admin actions' options: match.ts wires them to commander, match-admin.ts runs them.

export const simulateOptions = ((z) =>
  z.object({
    mode: z.enum(['live', 'instant'], { error: 'expected live or instant' }),
    ...serverJson(z),
  })) satisfies OptionSchema

export const scoreOptions = ((z) =>
  z.object({
    events: z.string().min(1),
    ...serverJson(z),
  })) satisfies OptionSchema

export const adminOptions = ((z) =>
  z.object({ server: z.string().optional(), json: z.boolean().default(false) })) satisfies OptionSchema

export const abandonOptions = ((z) =>
  z.object({
    reason: z.string().trim().min(3, 'must be at least 3 characters').max(200).optional(),
    ...serverJson(z),
  })) satisfies OptionSchema

export type SimulateOptions = OptionsOf<typeof simulateOptions>
export type ScoreOptions = OptionsOf<typeof scoreOptions>
export type AdminOptions = OptionsOf<typeof adminOptions>
export type AbandonOptions = OptionsOf<typeof abandonOptions>
