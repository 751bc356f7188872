import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { Loading, PageHead } from '../../../components/Common'
import { Alert } from '../../../components/Field'
import { LiveNote } from '../../../components/LiveNote'
import { esportsContestQuery } from './api'
import { EsportsContestNav, navInfo } from './ContestNav'
import { useEsportsContestLive } from './live'
import { mayAskRoom, RoomDetailsCard } from './RoomDetailsCard'

/**
 * `/contests/:id/room`: an esports contest's room details on a page of their own (the link a
 * notification or a shared message can point at), live over /cable. The contest page shows the
 * same card.
 */
export function EsportsRoomPage() {
  const id = Number(useParams().id)
  const live = useEsportsContestLive(id)
  const contest = useQuery(esportsContestQuery(id))
  const c = contest.data
  return (
    <div data-testid="esports-room-page">
      <PageHead title="Room details" subtitle={c ? c.name : `Contest #${id}`} />
      {c ? <EsportsContestNav info={navInfo(c)} /> : null}
      <LiveNote connected={live.connected} testId="room-live">
        {live.connected ? 'Live: the details appear here the moment they are out' : 'Connecting..'}
      </LiveNote>
      {c ? (
        <RoomDetailsCard
          contestId={id}
          revealAtMs={c.reveal_at_in_millis}
          status={c.status}
          mayAsk={mayAskRoom(c)}
        />
      ) : contest.isError ? (
        <Alert>{contest.error.message}</Alert>
      ) : (
        <Loading />
      )}
    </div>
  )
}
