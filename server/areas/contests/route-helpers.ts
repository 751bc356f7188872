import { z } from '@hono/zod-openapi'
import type { Deps } from '../../core/deps'
import { cachedJson, type Reads, readKey } from '../../http/answer-cache'
import { PageMetaSchema } from '../../http/paging'
import { json } from '../../http/responses'
import type { AppContext } from '../../http/router'
import { nextMatchStartMs } from '../matches'
import { type ContestViewer, contestListPage, type PageAsked } from './list-pages'
import type { ContestQuery } from './listing'
import { ContestSchema } from './schemas'
import { visibleContestById } from './service'

/** What a contest list reads (not the matches' scores) (tests/api/http/cached-reads-tables.test.ts checks it). */
const LIST_READS: Reads = [
  'contest_likes',
  'contest_members',
  'contests',
  'data_versions',
  'matches',
  'sports',
  'users',
]

export const listAnswer = json(
  z.object({ contests: z.array(ContestSchema), meta: PageMetaSchema }),
  'Contests',
)

/** `?invite_code=`: opens a private contest to someone who is not (yet) a member. */
export const inviteQuery = z.object({
  invite_code: z.string().max(40).optional().openapi({ description: 'Opens a private contest' }),
})

export const viewerOf = (c: AppContext): ContestViewer | null => {
  const u = c.get('user')
  return u ? { id: u.id, slug: u.slug } : null
}

/** The contest, or 404 when it is private and the caller is not its member, owner, admin or code holder. */
export function visibleContestFor(deps: Deps, c: AppContext, id: number) {
  const u = c.get('user')
  return visibleContestById(deps, id, u ? { id: u.id, role: u.role } : null, c.req.query('invite_code'))
}

/** Until when a cached contest list holds by the clock: the next match start (contests lock). */
export const untilNextMatchStart = (deps: Deps) => nextMatchStartMs(deps.db, deps.clock.now())

/**
 * A contest list from the answer cache: it holds until the next match start (contests lock,
 * lists move) or the next commit. Not kept when a contest of a live match is on the page:
 * the viewer's standing in it comes from the scoreboard in memory.
 */
export function cachedList(
  deps: Deps,
  c: AppContext,
  q: ContestQuery,
  page: PageAsked,
  filter: string | null,
) {
  return cachedJson(c, deps, readKey(c), LIST_READS, async () => {
    const { body, rows } = await contestListPage(deps, viewerOf(c), q, page, filter)
    return {
      body,
      untilMs: await untilNextMatchStart(deps),
      store: !rows.some((r) => r.match_status === 'live'),
    }
  })
}
