import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useParams } from 'react-router'
import {
  GRADEBOOK_COLUMNS,
  type GradebookColumn,
  type GradebookRow,
  gradebookCsv,
} from '../../../../server/domain/gradebook-table'
import { Button } from '../../components/Button'
import { EmptyState, Loading, PageHead } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ApiError } from '../../lib/api'
import { type ClassReport, classReportQuery } from './api'
import styles from './classroom.module.css'

type Sort = { key: GradebookColumn['key']; desc: boolean }

/** `/classes/:id/report`: the instructor's gradebook of a class, sortable, with the CLI's CSV to download. */
export function ClassReportPage() {
  const id = Number(useParams().id)
  const report = useQuery({ ...classReportQuery(id), meta: { silent: true } })
  if (report.isPending) return <Loading />
  if (report.error instanceof ApiError && report.error.status === 404)
    return (
      <EmptyState title="Class not found">
        <p>It does not exist, or it is not a class you made.</p>
      </EmptyState>
    )
  if (report.isError) return <Alert>{report.error.message}</Alert>
  return <Gradebook report={report.data} />
}

function ruleLine(rule: ClassReport['rule']): string {
  const weights = Object.entries(rule.participation)
    .map(([k, v]) => `${k} ${v}%`)
    .join(', ')
  return `Participation: ${weights}. Result by ${rule.result}.`
}

function compare(a: GradebookRow, b: GradebookRow, { key, desc }: Sort): number {
  const x = a[key]
  const y = b[key]
  // Blanks last whichever way.
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1
  const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))
  return desc ? -order : order
}

function download(name: string, rows: readonly GradebookRow[]) {
  const url = URL.createObjectURL(new Blob([gradebookCsv(rows)], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  URL.revokeObjectURL(url)
}

function Gradebook({ report }: { report: ClassReport }) {
  const [sort, setSort] = useState<Sort>({ key: 'username', desc: false })
  const rows = [...report.students].sort((a, b) => compare(a, b, sort))
  const file = `class-${report.classroom.id}-gradebook.csv`
  return (
    <div data-testid="class-report-page">
      <PageHead
        title={`${report.classroom.name}: gradebook`}
        subtitle={`${report.students.length} students`}
        actions={
          <Button small data-testid="download-csv" onClick={() => download(file, rows)}>
            Download CSV
          </Button>
        }
      />
      <p className={styles.rule}>{ruleLine(report.rule)}</p>
      {rows.length === 0 ? (
        <EmptyState title="No students">
          <p>This class has no students left in its group.</p>
        </EmptyState>
      ) : (
        <div className={styles.wrap}>
          <table className={styles.table} data-testid="gradebook">
            <thead>
              <tr>
                {GRADEBOOK_COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    aria-sort={sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
                  >
                    <button
                      type="button"
                      className={styles.sort}
                      onClick={() => setSort({ key: c.key, desc: sort.key === c.key ? !sort.desc : false })}
                    >
                      {c.header.replaceAll('_', ' ')}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.username} data-testid="gradebook-row">
                  {GRADEBOOK_COLUMNS.map((c) => (
                    <td key={c.key}>{r[c.key] ?? '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
