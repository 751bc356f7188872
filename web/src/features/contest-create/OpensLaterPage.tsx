import { Link } from 'react-router'
import type { GameKind } from '../../../../server/domain/contest-creation'
import { ButtonLink } from '../../components/Button'
import { Card, PageHead } from '../../components/Common'
import styles from './create.module.css'

/**
 * The esports kinds (and their access pages) are real pages that say the kind opens later:
 * esports contests come with the esports work (issue 17), through this same creation flow.
 */
export function OpensLaterPage({ kind, title }: { kind: GameKind | null; title?: string }) {
  const name = kind?.name ?? 'PUBG'
  return (
    <div className={styles.page} data-testid="opens-later">
      <PageHead title={title ?? `${name} contests`} subtitle="Opens later" />
      <Card>
        <p>
          Creating {name} contests is not open yet. Esports contests arrive with the esports tournaments, and
          then you create them here the way you create a cricket contest today: a code for your friends, your
          own prizes.
        </p>
        <p className={styles.muted}>
          Until then, <Link to="/pubg/contests">see the PUBG contests</Link> or create a contest for a sport
          that is open.
        </p>
        <ButtonLink to="/contests/create" block>
          Create another kind of contest
        </ButtonLink>
      </Card>
    </div>
  )
}
