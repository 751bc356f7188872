import { Card } from '../../components/Common'
import { useContest } from './contest-context'
import { PrizeTable } from './WinningBreakup'

/** `/contests/:id/prizes`: the winning breakup. */
export function PrizesTab() {
  const { contest } = useContest()
  return (
    <Card>
      <PrizeTable contestId={contest.id} />
    </Card>
  )
}
