import { z } from 'zod'
import { matcherProblems } from '../matcher-syntax'

/** Schema pieces shared by step kinds. */
export const stepName = z.string().min(1).optional()

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
