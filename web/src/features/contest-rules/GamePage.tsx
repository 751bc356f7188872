import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { Card, EmptyState, Loading } from '../../components/Common'
import { Alert } from '../../components/Field'
import { usePageTitle } from '../../lib/page-title'
import { ContestList, gamesQuery } from '../contests'
import { kindsOfGame } from './api'
import { KindRow } from './KindRow'
import styles from './rules.module.css'

/** `/contests/games/:id`: one game (sport id from GET /api/games): its kinds of contest and its open contests. */
export function GamePage() {
  usePageTitle('Contest types')
  const id = Number(useParams().id)
  const games = useQuery(gamesQuery)
  if (games.isPending) return <Loading />
  if (games.isError) return <Alert>{games.error.message}</Alert>
  const game = games.data.find((g) => g.id === id)
  if (!game)
    return (
      <EmptyState title="No such game">
        <Link to="/contests/games">See the games</Link>
      </EmptyState>
    )
  const kinds = kindsOfGame(game.slug)
  return (
    <div data-testid="contest-game" data-slug={game.slug}>
      <ContestList
        title={`${game.name} contests`}
        subtitle={`Open ${game.name} contests of upcoming fixtures.`}
        source={{ kind: 'game', gameId: game.id }}
      >
        {kinds.length > 0 ? (
          <Card className={styles.section}>
            <h2 className={styles.heading}>Make your own</h2>
            <ul className={styles.kinds}>
              {kinds.map((k) => (
                <KindRow key={k.slug} kind={k} />
              ))}
            </ul>
          </Card>
        ) : null}
      </ContestList>
    </div>
  )
}
