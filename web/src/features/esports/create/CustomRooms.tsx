import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { ESPORTS_GAMES, type EsportsGame } from '../../../../../server/domain/esports/rules'
import { ButtonLink } from '../../../components/Button'
import { Card, EmptyState, Loading, Tabs } from '../../../components/Common'
import { Alert } from '../../../components/Field'
import { formatMoney } from '../../../lib/format'
import { when } from '../tournaments/bits'
import { esportsContestsQuery } from './api'
import styles from './esports.module.css'

const CREATE_KIND: Record<EsportsGame, string> = {
  pubg: 'pubg',
  'free-fire': 'free-fire',
  'call-of-duty': 'call-of-duty',
}

/** The custom rooms players host (GET /api/esports/contests?game=), one tab per game; each opens /contests/{id}. */
export function CustomRooms({ initial = 'pubg' }: { initial?: EsportsGame }) {
  const [game, setGame] = useState<EsportsGame>(initial)
  const rooms = useQuery(esportsContestsQuery(game))
  return (
    <Card>
      <div className={styles.form} data-testid="custom-rooms" data-game={game}>
        <div className={styles.roomTop}>
          <h2 style={{ margin: 0, fontSize: '1.1rem' }}>Custom rooms</h2>
          <span className={styles.roomActions}>
            <ButtonLink to="/pubg/tournaments" variant="secondary" small data-testid="tournaments-link">
              Tournaments
            </ButtonLink>
            <ButtonLink to={`/contests/create/${CREATE_KIND[game]}`} small>
              Host a room
            </ButtonLink>
          </span>
        </div>
        <Tabs
          label="Game"
          value={game}
          onChange={setGame}
          items={(Object.keys(ESPORTS_GAMES) as EsportsGame[]).map((g) => ({
            value: g,
            label: ESPORTS_GAMES[g].name,
          }))}
        />
        {rooms.isPending ? (
          <Loading />
        ) : rooms.isError ? (
          <Alert>{rooms.error.message}</Alert>
        ) : rooms.data.length === 0 ? (
          <EmptyState title={`No open ${ESPORTS_GAMES[game].name} rooms`}>
            <Link to={`/contests/create/${CREATE_KIND[game]}`}>Host the first one</Link>
          </EmptyState>
        ) : (
          <ul className={styles.rooms}>
            {rooms.data.map((c) => (
              <li key={c.id}>
                <Link to={`/contests/${c.id}`} className={styles.room} data-testid="custom-room">
                  <span className={styles.roomTop}>
                    <span>
                      {c.name}
                      {c.is_private ? ' · private' : ''}
                    </span>
                    <span>{c.entry_fee > 0 ? formatMoney(c.entry_fee) : 'Free'}</span>
                  </span>
                  <span className={styles.muted}>
                    {c.kind_name} · {c.mode}
                    {c.map ? ` · ${c.map}` : ''} · {c.squads_count}/{c.slots} squads · starts{' '}
                    {when(c.starts_at_in_millis)}
                    {c.prize_pool > 0 ? ` · pool ${formatMoney(c.prize_pool)}` : ''}
                    {c.host ? ` · by ${c.host.username}` : ''}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  )
}
