import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { PointSystem, PointValue } from '../../../../server/domain/scoring/point-systems'
import { Card, Loading, PageHead, Tabs } from '../../components/Common'
import { Alert } from '../../components/Field'
import { data, http } from '../../lib/client'
import { formatNumber } from '../../lib/format'
import styles from './point-system.module.css'

const pointSystemsQuery = {
  queryKey: ['point-systems'],
  queryFn: async () => (await data(http.GET('/api/point_systems'))).point_systems,
  staleTime: Number.POSITIVE_INFINITY,
}

/** Every sport's scoring table, rendered from GET /api/point_systems (the scorers read the same data). */
export function PointSystemPage() {
  const systems = useQuery(pointSystemsQuery)
  const [search, setSearch] = useSearchParams()
  if (systems.isPending) return <Loading />
  if (systems.isError) return <Alert>{systems.error.message}</Alert>
  const list = systems.data
  const chosen = list.find((s) => s.sport === search.get('sport')) ?? list[0]
  if (!chosen) return <Alert>No point systems are configured.</Alert>

  return (
    <div>
      <PageHead title="Fantasy Point System" subtitle="How every player in your team earns points." />
      <Tabs
        label="Sport"
        items={list.map((s) => ({ value: s.sport, label: tabLabel(s) }))}
        value={chosen.sport}
        onChange={(sport) => setSearch({ sport }, { replace: true })}
      />
      <PointSystemTables system={chosen} />
    </div>
  )
}

/** One point system's multipliers, sections and notes: also on the contest rules pages. */
export function PointSystemTables({ system }: { system: PointSystem }) {
  return (
    <>
      <div className={styles.multipliers}>
        <div className={styles.multiplier}>
          <span className={styles.role}>C</span>
          <span>
            <strong>Captain</strong>
            <span>{system.multipliers.captain}× points</span>
          </span>
        </div>
        <div className={styles.multiplier}>
          <span className={`${styles.role} ${styles.vice}`}>VC</span>
          <span>
            <strong>Vice-captain</strong>
            <span>{system.multipliers.vice_captain}× points</span>
          </span>
        </div>
      </div>
      {system.sections.map((section) => (
        <Card key={section.title} className={styles.section}>
          <h2 className={styles.sectionTitle}>{section.title}</h2>
          <div className={styles.scroll}>
            <table className={styles.table} data-testid="point-table">
              <colgroup>
                <col style={{ width: `${eventColumnPercent(system.formats.length)}%` }} />
                {system.formats.map((format) => (
                  <col key={format} />
                ))}
              </colgroup>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  {system.formats.map((format) => (
                    <th key={format} scope="col" className={styles.value}>
                      {format}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {section.rules.map((rule) => (
                  <tr key={rule.id}>
                    <th scope="row">{rule.label}</th>
                    {system.formats.map((format) => (
                      <td key={format} className={styles.value}>
                        <Points value={rule.points[format] ?? null} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ))}
      {system.notes.length > 0 ? (
        <Card className={styles.section}>
          <h2 className={styles.sectionTitle}>Notes</h2>
          <ul className={styles.notes}>
            {system.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  )
}

/** The event column gets what the point columns leave; formulas wrap inside their column. */
function eventColumnPercent(formats: number): number {
  return formats === 1 ? 70 : Math.max(34, 100 - formats * 20)
}

function tabLabel(system: PointSystem): string {
  return system.sport === 'battle-royale' ? 'Esports' : system.name
}

function Points({ value }: { value: PointValue }) {
  if (value === null) return <span className={styles.none}>—</span>
  if (typeof value === 'string') return <span className={styles.formula}>{value}</span>
  const text = value > 0 ? `+${formatNumber(value)}` : formatNumber(value)
  return (
    <span className={value < 0 ? styles.negative : value > 0 ? styles.positive : styles.none}>{text}</span>
  )
}
