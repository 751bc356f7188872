import { useQuery } from '@tanstack/react-query'
import { Loading } from '../../../components/Common'
import { Alert } from '../../../components/Field'
import { ContestList, gamesQuery } from '../../contests'
import { CustomRooms } from './CustomRooms'

/** `/pubg/contests`: the PUBG game's contests (`game_id` from GET /api/games). */
export function PubgContestsPage() {
  const games = useQuery(gamesQuery)
  if (games.isPending) return <Loading />
  if (games.isError) return <Alert>{games.error.message}</Alert>
  const pubg = games.data.find((g) => g.slug === 'pubg')
  if (!pubg) return <Alert>PUBG is not one of this server's games.</Alert>
  return (
    <ContestList
      title="PUBG Contests"
      subtitle="Open contests of upcoming PUBG matches."
      source={{ kind: 'game', gameId: pubg.id }}
    >
      {/* The rooms players host, PUBG, Free Fire and Call of Duty. */}
      <CustomRooms />
    </ContestList>
  )
}
