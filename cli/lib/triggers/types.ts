import type { Api } from '../api'

/** The options every trigger reads (parsed by the trigger command's zod schema). */
export interface TriggerOptions {
  amount: number
  gateway: 'paytm' | 'payumoney'
  reason?: string | undefined
  minutes: number
}

/** Who a trigger acts as: the player (the stored session, --user or --as) and the admin. */
export interface TriggerContext {
  player: Api
  admin: Api
  /** The event's positional arguments, checked as whole ids. */
  ids: number[]
  opts: TriggerOptions
}

/** What a trigger did: lines for a person, one JSON document for a script. */
export interface TriggerResult {
  lines: string[]
  json: Record<string, unknown>
}
