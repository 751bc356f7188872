import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/Button'
import { Card, Loading, PageHead } from '../../components/Common'
import { seriesListQuery } from './api'
import styles from './gangs.module.css'
import { JoinByCode } from './JoinByCode'

/**
 * `/gangs` (`?code=` fills the code): join a gang by its code, or pick a series (daily gangs)
 * or one of its championship phases to see my gangs there and create one.
 */
export function GangsHomePage() {
  const [search] = useSearchParams()
  const series = useQuery(seriesListQuery)
  const order = { live: 0, upcoming: 1, completed: 2 } as const
  const list = [...(series.data ?? [])].sort(
    (a, b) => order[a.series_status] - order[b.series_status] || a.id - b.id,
  )
  return (
    <div className={styles.narrow} data-testid="gangs-home">
      <PageHead
        title="Gangs"
        subtitle="Private leaderboards for a series or a championship phase: a college, an office, a family. The best 10 members’ scores make the gang’s score."
      />
      <h2 className={styles.section}>Join with a code</h2>
      <JoinByCode initialCode={search.get('code') ?? ''} />
      <h2 className={styles.section}>Gangs by series</h2>
      <Card>
        {series.isPending ? <Loading /> : null}
        {list.map((s) => (
          <div key={s.id} className={styles.seriesRow} data-testid="gang-series">
            <span>
              <strong>{s.name}</strong>
              <span className={styles.motto}> · {s.series_status}</span>
            </span>
            <span className={styles.actions}>
              <ButtonLink to={`/series/${s.id}/gangs`} small variant="secondary">
                Daily
              </ButtonLink>
              {s.phases.map((p) => (
                <ButtonLink key={p.id} to={`/championship/phases/${p.id}/gangs`} small variant="ghost">
                  {p.name}
                </ButtonLink>
              ))}
            </span>
          </div>
        ))}
      </Card>
    </div>
  )
}
