import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { GAME_KINDS } from '../../../../server/domain/game-kinds'
import { ButtonLink } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { accessQuery } from './api'
import styles from './create.module.css'

/** `/contests/create`: which kind of contest, and what the player may create today. */
export function CreateHomePage() {
  const available = GAME_KINDS.filter((k) => k.available)
  const later = GAME_KINDS.filter((k) => !k.available)
  return (
    <div className={styles.page} data-testid="create-home">
      <PageHead
        title="Create a contest"
        subtitle="Play with friends: your own contest, your own prizes, a code to share."
        actions={
          <ButtonLink to="/saved-prizes" variant="secondary" small>
            Saved prizes
          </ButtonLink>
        }
      />
      <AccessCard />
      <h2 className={styles.sectionTitle}>Choose a game</h2>
      <div className={styles.kinds}>
        {available.map((k) => (
          <Link
            key={k.slug}
            to={`/contests/create/${k.slug}`}
            className={styles.kind}
            data-testid={`kind-${k.slug}`}
          >
            <strong>{k.name}</strong>
            <span>{k.description}</span>
          </Link>
        ))}
      </div>
      {later.length > 0 ? (
        <>
          <h2 className={styles.sectionTitle}>Opening later</h2>
          <div className={styles.kinds}>
            {later.map((k) => (
              <Link
                key={k.slug}
                to={`/contests/rules/${k.slug}`}
                className={`${styles.kind} ${styles.kindLater}`}
                data-testid={`kind-${k.slug}`}
              >
                <strong>{k.name}</strong>
                <span>Opens later</span>
              </Link>
            ))}
          </div>
        </>
      ) : null}
    </div>
  )
}

/** What the player may create today (free private, paid and public) and how many open contests they own. */
function AccessCard() {
  // A paid public draft asks for everything the rule can ask for, so `missing` lists it all.
  const access = useQuery(accessQuery(1, false))
  return (
    <Card className={styles.accessCard}>
      <h2 className={styles.cardTitle}>What you can create</h2>
      {access.isPending ? <Loading /> : null}
      {access.isError ? <Alert>{access.error.message}</Alert> : null}
      {access.data ? (
        <div data-testid="access-summary">
          <p>
            {access.data.free_allowed ? '✓ Free private contests' : '✗ Free private contests'}
            <br />
            {access.data.paid_allowed ? '✓ Paid and public contests' : '✗ Paid and public contests'}
          </p>
          <p className={styles.muted}>
            You own {access.data.open_owned} of at most {access.data.max_open_owned} open contests.
          </p>
          {access.data.paid_allowed && access.data.free_allowed ? null : (
            <Link to="/contests/create/contest-requirement" data-testid="access-link">
              {access.data.free_allowed ? 'How to create paid contests' : 'Why can’t I create contests?'}
            </Link>
          )}
        </div>
      ) : null}
    </Card>
  )
}
