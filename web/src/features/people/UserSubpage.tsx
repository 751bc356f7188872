import { useQuery } from '@tanstack/react-query'
import { useParams, useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { PageHead } from '../../components/Common'
import { useMe } from '../../lib/me'
import { useSignedIn } from '../../lib/use-session'
import { profileQuery, userPath } from './api'

/**
 * What a page under `/users/:slug/…` reads: the slug, its page of the list (in the URL, so Back
 * returns to it), who is signed in and the profile the page belongs to.
 */
export function useUserSubpage() {
  const slug = useParams().slug ?? ''
  const [search, setSearch] = useSearchParams()
  const page = Math.max(1, Number(search.get('page')) || 1)
  const setPage = (p: number) => setSearch(p > 1 ? { page: String(p) } : {})
  const signedIn = useSignedIn()
  const me = useMe(signedIn)
  const profile = useQuery(profileQuery(slug))
  return { slug, page, setPage, signedIn, me, profile }
}

/** The head of such a page, with the way back to the profile. */
export function UserSubpageHead({
  slug,
  title,
  subtitle,
}: {
  slug: string
  title: string
  subtitle: string
}) {
  return (
    <PageHead
      title={title}
      subtitle={subtitle}
      actions={
        <ButtonLink to={userPath(slug)} variant="ghost" small>
          Profile
        </ButtonLink>
      }
    />
  )
}
