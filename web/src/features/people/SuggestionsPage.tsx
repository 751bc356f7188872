import { useQuery } from '@tanstack/react-query'
import { Card, EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { useMe } from '../../lib/me'
import { suggestionsQuery } from './api'
import styles from './people.module.css'
import { UserRow } from './UserRow'

/** `/users/suggestions`: the most followed players I do not follow yet (GET /api/users/suggestions). */
export function SuggestionsPage() {
  const me = useMe()
  const suggestions = useQuery(suggestionsQuery(20))
  return (
    <div data-testid="suggestions-page">
      <PageHead title="People to follow" subtitle="The most followed players you don’t follow yet" />
      {suggestions.isPending ? (
        <Loading />
      ) : suggestions.isError ? (
        <Alert>{suggestions.error.message}</Alert>
      ) : suggestions.data.length === 0 ? (
        <EmptyState title="No suggestions">You already follow everyone we would suggest.</EmptyState>
      ) : (
        <Card>
          <ul className={styles.list} data-testid="suggestions">
            {suggestions.data.map((user) => (
              <UserRow key={user.slug} user={user} mySlug={me.data?.slug} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  )
}
