import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Card, PageHead } from '../../components/Common'
import { ArrowRightIcon } from '../../components/Icons'
import { Loaded } from '../../components/Loaded'
import { formatNumber } from '../../lib/format'
import { gamesQuery } from '../contests'
import { kindsOfGame } from './api'
import { KindRow } from './KindRow'
import styles from './rules.module.css'

/** `/contests/games`: every game (sport) and the kinds of contest a player can make in it. */
export function GamesPage() {
  const games = useQuery(gamesQuery)
  return (
    <div data-testid="contest-games">
      <PageHead
        title="Games"
        subtitle="Pick a game to see its contests, its rules, or make your own contest."
      />
      <Loaded query={games} empty={{ title: 'No games yet', text: 'The server has no sports set up.' }}>
        {(list) => (
          <div className={styles.games}>
            {list.map((g) => {
              const kinds = kindsOfGame(g.slug)
              return (
                <Card key={g.id} className={styles.game}>
                  <Link to={`/contests/games/${g.id}`} className={styles.gameHead} data-testid="game-link">
                    <span>
                      <strong>{g.name}</strong>
                      <span>
                        {formatNumber(g.team_size)} a side · {kinds.length}{' '}
                        {kinds.length === 1 ? 'kind' : 'kinds'}
                      </span>
                    </span>
                    <ArrowRightIcon width={18} height={18} />
                  </Link>
                  <ul className={styles.kinds}>
                    {kinds.map((k) => (
                      <KindRow key={k.slug} kind={k} compact />
                    ))}
                  </ul>
                </Card>
              )
            })}
          </div>
        )}
      </Loaded>
    </div>
  )
}
