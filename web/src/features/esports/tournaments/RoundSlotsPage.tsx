import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { ButtonLink } from '../../../components/Button'
import { Card, EmptyState, Loading, PageHead } from '../../../components/Common'
import { LoadErrorAlert } from '../../../components/Field'
import { type Slot, slotsQuery } from './api'
import { qualifyText, ROUND_STATUS, roundTitle, when } from './bits'
import { useEsportsTournamentLive } from './live'
import styles from './tournaments.module.css'

/**
 * `/pubg-rounds/:id?/slots`: a round's slots lobby by lobby (slot, squad, seed, points, rank,
 * qualified). Without an id: the current round of the newest running tournament.
 */
export function RoundSlotsPage() {
  const raw = useParams().id
  const id = raw === undefined ? null : Number(raw)
  const slots = useQuery(slotsQuery(id))
  useEsportsTournamentLive(slots.data?.round?.tournament_id ?? null)
  if (slots.isPending) return <Loading />
  if (slots.isError)
    return (
      <div className={styles.wrap}>
        <LoadErrorAlert error={slots.error} missing="There is no such round." />
      </div>
    )
  const { round } = slots.data
  if (!round)
    return (
      <div className={styles.wrap}>
        <PageHead title="Round slots" />
        <EmptyState title="No tournament is being played right now">
          <p>
            When a tournament’s round is seeded, its lobbies and slots show here.{' '}
            <Link to="/pubg/tournaments">See the tournaments</Link>
          </p>
        </EmptyState>
      </div>
    )
  const lobbies = round.lobbies.map((l) => ({
    ...l,
    slots: slots.data.slots.filter((s) => s.lobby_no === l.lobby_no),
  }))
  return (
    <div className={styles.wrap}>
      <PageHead
        title={roundTitle(round)}
        subtitle={`${ROUND_STATUS[round.status]} · starts ${when(round.starts_at_in_millis)} · lobbies of ${round.lobby_size} · ${qualifyText(round)}`}
        actions={
          <ButtonLink to={`/pubg/tournaments/${round.tournament_id}`} variant="secondary" small>
            The tournament
          </ButtonLink>
        }
      />
      {lobbies.length === 0 ? (
        <EmptyState title="Not seeded yet">
          <p>
            The round’s lobbies are drawn when the previous round is complete (round 1: when registration
            closes).
          </p>
        </EmptyState>
      ) : (
        <div className={styles.lobbyGrid}>
          {lobbies.map((l) => (
            <Card key={l.lobby_no}>
              <div data-testid="lobby">
                <div className={styles.facts} style={{ marginTop: 0, justifyContent: 'space-between' }}>
                  <span className={styles.sectionTitle}>Lobby {l.lobby_no}</span>
                  <Link to={`/contests/${l.contest_id}`}>Open the room’s contest</Link>
                </div>
                <SlotTable slots={l.slots} />
              </div>
            </Card>
          ))}
        </div>
      )}
    </div>
  )
}

function SlotTable({ slots }: { slots: Slot[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>Slot</th>
            <th>Squad</th>
            <th className={styles.num}>Seed</th>
            <th className={styles.num}>Pts</th>
            <th className={styles.num}>Rank</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {slots.map((s) => (
            <tr key={s.squad.id} data-testid="slot">
              <td>{s.slot_no}</td>
              <td className={styles.squadCell}>{s.squad.name}</td>
              <td className={styles.num}>{s.seed_no}</td>
              <td className={styles.num}>{s.points ?? '–'}</td>
              <td className={styles.num}>{s.rank ?? '–'}</td>
              <td>
                {s.qualified ? (
                  <span className={`${styles.badge} ${styles.qualified}`}>Qualified</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
