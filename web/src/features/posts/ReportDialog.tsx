import { useMutation, useQuery } from '@tanstack/react-query'
import { Dialog } from '../../components/Dialog'
import { Alert } from '../../components/Field'
import { ReportForm, type ReportInput } from '../../components/ReportForm'
import { reportItem, type SocialReason, socialReasonsQuery } from './api'

/** Report a post or a comment to the admins: a reason from the server's list and a few words. */
export function ReportDialog({
  subject,
  id,
  onClose,
}: {
  subject: 'posts' | 'comments'
  id: number
  onClose: () => void
}) {
  const reasons = useQuery(socialReasonsQuery)
  const send = useMutation({
    // The form offers the reasons the server listed.
    mutationFn: ({ reason, text }: ReportInput) => reportItem(subject, id, reason as SocialReason, text),
    meta: { silent: true },
  })
  const what = subject === 'posts' ? 'post' : 'comment'
  return (
    <Dialog open title={`Report this ${what}`} onClose={onClose} testId="report-dialog">
      {send.isSuccess ? (
        <Alert tone="info">
          <span data-testid="report-sent">Thanks: your report is with the admins.</span>
        </Alert>
      ) : (
        <ReportForm reasons={reasons} send={send} rows={4} compact />
      )}
    </Dialog>
  )
}
