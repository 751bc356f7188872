import { UsageError } from './errors'

/** A positional id (`match show 14`): a positive whole number, else a usage error naming it. */
export function idArgument(what: string, text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || Number(text) > 2 ** 31 - 1)
    throw new UsageError(`${what}: expected a positive whole number, got ${JSON.stringify(text)}`)
  return Number(text)
}
