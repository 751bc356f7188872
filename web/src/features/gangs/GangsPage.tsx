import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { Loading, PageHead } from '../../components/Common'
import cards from '../../components/link-cards.module.css'
import { type GangScope, myGangsQuery } from './api'
import { CreateGangForm } from './CreateGangForm'
import { GangCard } from './GangCard'
import styles from './gangs.module.css'
import { JoinByCode } from './JoinByCode'
import { useScopeTitle } from './scope'

/** My gangs in a series or a phase, with my rank in each; create one, or join one by code. */
export function GangsPage({ scope }: { scope: GangScope }) {
  const mine = useQuery(myGangsQuery(scope))
  const title = useScopeTitle(scope)
  return (
    <div className={styles.narrow} data-testid="gangs-page">
      <PageHead
        title="Gangs"
        subtitle={title ?? 'Private leaderboards: the best 10 members’ scores make the gang’s score.'}
      />
      <h2 className={styles.section}>My gangs</h2>
      {mine.isPending ? <Loading /> : null}
      {mine.data?.length === 0 ? (
        <p className={styles.motto} data-testid="no-gangs">
          No gangs yet: create one for your friends, or join one with its code.
        </p>
      ) : null}
      <ul className={cards.list}>
        {(mine.data ?? []).map((g) => (
          <li key={g.id}>
            <GangCard gang={g} />
          </li>
        ))}
      </ul>
      <h2 className={styles.section}>Join with a code</h2>
      <JoinByCode />
      <h2 className={styles.section}>Create a gang</h2>
      <CreateGangForm scope={scope} />
    </div>
  )
}

const idOf = (value: string | undefined) => Number(value)

export function SeriesGangsPage() {
  const { id } = useParams()
  return <GangsPage key={id} scope={{ kind: 'series', id: idOf(id) }} />
}

export function PhaseGangsPage() {
  const { id } = useParams()
  return <GangsPage key={id} scope={{ kind: 'phase', id: idOf(id) }} />
}
