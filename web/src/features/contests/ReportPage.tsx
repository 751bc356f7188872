import { useMutation, useQuery } from '@tanstack/react-query'
import { ButtonLink } from '../../components/Button'
import { Card } from '../../components/Common'
import { Alert } from '../../components/Field'
import { ReportForm, type ReportInput } from '../../components/ReportForm'
import { type ReportDraft, reportReasonsQuery, sendReport } from './owner-api'
import { contestHome, SubpageHead, useContestTarget } from './SubpageHead'

/**
 * `/contests/:id/report`: a reason from the server's list and a few words, into the admins'
 * queue (POST /api/reports). One open report per player per contest: a second one is a 409,
 * shown as is.
 */
export function ReportPage() {
  const { kind, id } = useContestTarget()
  const reasons = useQuery(reportReasonsQuery)
  const send = useMutation({
    mutationFn: ({ reason, text }: ReportInput) =>
      // The form offers only the keys of the server's reasons list.
      sendReport({ contest_id: id, contest_type: kind, reason: reason as ReportDraft['reason'], text }),
    meta: { silent: true },
  })
  return (
    <div data-testid="contest-report">
      <SubpageHead kind={kind} id={id} title="Report this contest" />
      <Card>
        {send.isSuccess ? (
          <>
            <Alert tone="info">
              <span data-testid="report-sent">
                Thanks: your report is with the admins. They will look at it soon.
              </span>
            </Alert>
            <ButtonLink to={contestHome(kind, id)} variant="secondary">
              Back to the contest
            </ButtonLink>
          </>
        ) : (
          <ReportForm reasons={reasons} send={send} rows={5} showUnplaced />
        )}
      </Card>
    </div>
  )
}
