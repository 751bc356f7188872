import { useEffect } from 'react'

export const SITE_NAME = 'Fanspole'

/** "Mega Contest · DEL vs JAI · Fanspole": the page's own words first, the parts not yet known left out. */
export function pageTitle(...parts: Array<string | null | undefined | false>): string {
  return [...parts.filter((part): part is string => Boolean(part)), SITE_NAME].join(' · ')
}

/**
 * The browser tab's title for the page being shown: the one mechanism every page uses (the
 * shared headings — PageHead, AuthCard, Prose — call it with their title, so most pages get it
 * for free). A page going away puts the bare site name back, so no page wears the last one's.
 */
export function usePageTitle(...parts: Array<string | null | undefined | false>): void {
  const title = pageTitle(...parts)
  useEffect(() => {
    document.title = title
    return () => {
      document.title = SITE_NAME
    }
  }, [title])
}
