import { z } from '@hono/zod-openapi'

export interface Page {
  page: number
  per_page: number
  offset: number
}

/** Far past the last page of any list, and small enough that `page × per_page` stays exact. */
export const MAX_PAGE = 1_000_000

/** `page` and `per_page` query parameters, capped; spec §9 gives the per-list defaults. */
export function pagingQuery(defaultPerPage = 20, maxPerPage = 200) {
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).openapi({ example: 1 }),
    per_page: z.coerce
      .number()
      .int()
      .min(1)
      .max(maxPerPage)
      .default(defaultPerPage)
      .openapi({ example: defaultPerPage }),
  })
}

export function toPage(q: { page: number; per_page: number }): Page {
  return { page: q.page, per_page: q.per_page, offset: (q.page - 1) * q.per_page }
}

export function pageMeta(page: Page, total: number) {
  return {
    page: page.page,
    per_page: page.per_page,
    total,
    total_pages: Math.max(1, Math.ceil(total / page.per_page)),
  }
}

export const PageMetaSchema = z
  .object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
  })
  .openapi('PageMeta')
