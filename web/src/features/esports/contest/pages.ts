/** The esports contest pages (docs/esports.md, "Members and squads"), one lazy chunk for the router. */
export { ContestRoute } from './ContestRoute'
export { EsportsContestPage } from './EsportsContestPage'
export { EsportsSquadsPage } from './EsportsSquadsPage'
export { EsportsRoomPage } from './RoomPage'
export { SquadUpdatePage } from './SquadUpdatePage'
