import { z } from 'zod'

/** Schema pieces shared by step kinds. */
export const stepName = z.string().min(1).optional()

/** A user name from `users:`; `none` (or null) means no user. */
export const userRef = z.string().min(1).nullable().optional()

/** Written as-is or as a `${…}` placeholder that must produce the type at run time. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the message shows the scenario syntax
export const placeholder = z.string().regex(/\$\{[^}]+\}/, 'must be a value or a ${variable}')

export const asNone = (name: string | null | undefined): boolean =>
  name === undefined || name === null || name === 'none'
