import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ButtonLink } from '../../../components/Button'
import { EmptyState, Loading, PageHead } from '../../../components/Common'
import { Alert } from '../../../components/Field'
import cards from '../../../components/link-cards.module.css'
import { tournamentsQuery } from './api'
import { StatusBadge, when } from './bits'
import styles from './tournaments.module.css'

/** `/pubg/tournaments`: every tournament, newest first, with its status, rounds and squads. */
export function TournamentsPage() {
  const list = useQuery(tournamentsQuery())
  return (
    <div className={styles.wrap}>
      <PageHead
        title="PUBG tournaments"
        subtitle="Register a squad, play your lobby; the best squads go on."
        actions={
          <ButtonLink to="/pubg-rounds/slots" variant="secondary" small>
            Slots
          </ButtonLink>
        }
      />
      {list.isPending ? <Loading /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data && list.data.esports_tournaments.length === 0 ? (
        <EmptyState title="No tournaments yet">
          <p>When an admin announces a tournament it shows here, with its registration deadline.</p>
        </EmptyState>
      ) : null}
      {list.data && list.data.esports_tournaments.length > 0 ? (
        <ul className={cards.list} data-testid="tournament-list">
          {list.data.esports_tournaments.map((t) => (
            <li key={t.id}>
              <Link to={`/pubg/tournaments/${t.id}`} className={cards.card} data-testid="tournament-card">
                <div className={cards.name}>{t.name}</div>
                <div className={styles.muted}>
                  {t.kind_name} · {t.mode} · squads of {t.team_size}
                </div>
                <div className={styles.facts}>
                  <StatusBadge status={t.status} />
                  <span>
                    {t.squads_count}/{t.squads_limit} squads
                  </span>
                  <span>
                    {t.current_round === 0
                      ? `${t.rounds_count} rounds`
                      : `Round ${t.current_round} of ${t.rounds_count}`}
                  </span>
                  {t.status === 'registration' ? (
                    <span>Registration closes {when(t.registration_closes_at_in_millis)}</span>
                  ) : null}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
