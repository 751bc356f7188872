import { useQuery } from '@tanstack/react-query'
import { Loading } from '../../components/Common'
import { Dialog } from '../../components/Dialog'
import { Alert } from '../../components/Field'
import { formatMoney, formatNumber } from '../../lib/format'
import { prizesQuery } from './api'
import styles from './contests.module.css'

export const TIE_NOTE =
  'The actual prize money may be different than the prize money mentioned above if there is a tie for any of the winning positions: tied teams share the summed prizes of the positions they occupy.'

/** The prize structure, rank ranges to amounts (GET /api/contests/{id}/prizes). */
export function PrizeTable({ contestId, inviteCode }: { contestId: number; inviteCode?: string }) {
  const prizes = useQuery(prizesQuery(contestId, inviteCode))
  if (prizes.isPending) return <Loading />
  if (prizes.isError) return <Alert>{prizes.error.message}</Alert>
  if (prizes.data.prizes.length === 0)
    return <p className={styles.muted}>A practice contest: no prizes, just the glory of the leaderboard.</p>
  return (
    <>
      <div className={styles.breakupHead}>
        <span>Prize pool</span>
        <strong>{formatMoney(prizes.data.prize_amount)}</strong>
        <span>{formatNumber(prizes.data.winner_count)} winners</span>
      </div>
      <table className={styles.prizeTable} data-testid="prize-table">
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Prize</th>
          </tr>
        </thead>
        <tbody>
          {prizes.data.prizes.map((p) => (
            <tr key={p.id}>
              <td># {p.rank_text}</td>
              <td>{formatMoney(p.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>{TIE_NOTE}</p>
    </>
  )
}

export function WinningBreakup({
  contestId,
  open,
  onClose,
}: {
  contestId: number
  open: boolean
  onClose: () => void
}) {
  return (
    <Dialog open={open} title="Winning breakup" onClose={onClose} testId="winning-breakup">
      {open ? <PrizeTable contestId={contestId} /> : null}
    </Dialog>
  )
}
