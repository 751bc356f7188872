import { z } from 'zod'
import { matcherProblems } from '../matcher-syntax'
import type { StepContext, StepKind, StepOutcome } from '../types'

/** Schema pieces shared by step kinds. */
export const stepName = z.string().min(1).optional()

/** A step as written: `name:`, the kind's `<key>: {spec}`, and the keys `with` adds. */
type StepOf<K extends string, S extends z.ZodType, X extends z.ZodRawShape> = {
  name?: string | undefined
} & {
  [P in K]: z.output<S>
} & z.output<z.ZodObject<X>>

/**
 * A step kind keyed `key` whose spec is `spec` (besides `name:` and the keys of `with`, such
 * as httpChecks()). `describe` and `usersOf` read the spec as written; `run` gets it resolved
 * against the variables, then the context and the whole step.
 */
export function stepKind<
  K extends string,
  S extends z.ZodType,
  X extends z.ZodRawShape = Record<never, never>,
>(
  key: K,
  spec: S,
  kind: {
    kind: string
    with?: X
    describe(spec: z.output<S>): string
    usersOf?(spec: z.output<S>): Array<string | null | undefined>
    run(spec: z.output<S>, ctx: StepContext, step: StepOf<K, S, X>): Promise<StepOutcome>
  },
): StepKind<StepOf<K, S, X>> {
  const usersOf = kind.usersOf
  return {
    kind: kind.kind,
    key,
    schema: z.strictObject({ name: stepName, [key]: spec, ...kind.with }) as unknown as z.ZodType<
      StepOf<K, S, X>
    >,
    describe: (step) => kind.describe(step[key]),
    ...(usersOf && { usersOf: (step: StepOf<K, S, X>) => usersOf(step[key]) }),
    run: (step, ctx) => kind.run(ctx.resolve(step[key]), ctx, step),
  }
}

/** A user name from `users:`; `none` (or null) means no user. */
export const userRef = z.string().min(1).nullable().optional()

/** Written as-is or as a `${…}` placeholder that must produce the type at run time. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the message shows the scenario syntax
export const placeholder = z.string().regex(/\$\{[^}]+\}/, 'must be a value or a ${variable}')

export const asNone = (name: string | null | undefined): boolean =>
  name === undefined || name === null || name === 'none'

/** Named contests a match step saves: each a partial match against a contest of GET /api/matches/{id}/contests. */
export const namedContests = z
  .record(z.string().regex(/^[A-Za-z_]\w*$/, 'a name such as h2h'), z.unknown())
  .default({})
  .superRefine((specs, ctx) => {
    for (const [name, spec] of Object.entries(specs))
      for (const problem of matcherProblems(spec, name)) ctx.addIssue({ code: 'custom', message: problem })
  })
