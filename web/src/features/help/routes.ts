import type { RouteObject } from 'react-router'
import { page } from '../../lib/routing'
import { HELP_ENTRIES, loadHelpGroup } from './registry'

/** The help index and one page per article; an article's group of articles loads with it. */
export const helpRoutes: RouteObject[] = [
  { path: 'help', ...page(() => import('./HelpIndexPage'), 'HelpIndexPage') },
  ...HELP_ENTRIES.map((entry) => ({
    path: `help/${entry.slug}`,
    handle: { helpSlug: entry.slug },
    lazy: async () => {
      const [{ HelpArticleRoute }] = await Promise.all([
        import('./HelpArticlePage'),
        loadHelpGroup(entry.group),
      ])
      return { Component: HelpArticleRoute }
    },
  })),
]
