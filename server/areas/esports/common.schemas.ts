import { z } from '@hono/zod-openapi'
import type { EsportsKind } from '../../db/schema'
import { ESPORTS_KIND_SLUGS } from '../../domain/esports/rules'

/** Shapes that the esports answers (contests, tournaments, accounts) share. */

/** An esports contest or tournament kind (a slug of `ESPORTS_KINDS`). */
export const kindEnum = z.enum(ESPORTS_KIND_SLUGS as [EsportsKind, ...EsportsKind[]])

/** A user named in an answer: host, captain, member, reviewer. */
export const UserRef = z.object({ id: z.number().int(), slug: z.string(), username: z.string() })
