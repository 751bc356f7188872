import { useQuery } from '@tanstack/react-query'
import { Card, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { formatMoney, formatNumber } from '../../lib/format'
import { infoQuery } from './api'
import { useContest } from './ContestLayout'
import page from './pages.module.css'

/** `/contests/:id/info`: the contest's terms and rules (GET /api/contests/{id}/info). */
export function InfoTab() {
  const { contest } = useContest()
  const info = useQuery(infoQuery(contest.id))
  if (info.isPending) return <Loading />
  if (info.isError) return <Alert>{info.error.message}</Alert>
  const i = info.data
  return (
    <Card>
      <dl className={page.facts} data-testid="contest-info">
        <div>
          <dt>Entry</dt>
          <dd>{i.entry_fee === 0 ? 'Free' : formatMoney(i.entry_fee)}</dd>
        </div>
        <div>
          <dt>Prize pool</dt>
          <dd>{formatMoney(i.prize_amount)}</dd>
        </div>
        <div>
          <dt>Spots</dt>
          <dd>{formatNumber(i.members_limit)}</dd>
        </div>
        <div>
          <dt>Winners</dt>
          <dd>{formatNumber(i.winner_count)}</dd>
        </div>
        <div>
          <dt>Teams per player</dt>
          <dd>{i.max_entries}</dd>
        </div>
        <div>
          <dt>Platform fee</dt>
          <dd>{i.rake_percent}%</dd>
        </div>
        <div>
          <dt>Guaranteed</dt>
          <dd>{i.guaranteed ? 'Yes' : 'No'}</dd>
        </div>
        <div>
          <dt>Invite code</dt>
          <dd>
            <code>{i.invite_code}</code>
          </dd>
        </div>
      </dl>
      <h2 className={page.subhead}>Rules</h2>
      <ul className={page.rules}>
        {i.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </Card>
  )
}
