import { useLocation, useParams } from 'react-router'
import { isEsportsContestId } from '../../../../../server/domain/esports/rules'
import { ContestLayout } from '../../contests'
import { EsportsContestPage } from './EsportsContestPage'
import { EsportsSquadsPage } from './EsportsSquadsPage'

/**
 * `/contests/:id` and its tabs: one contest whichever table it is in (docs/esports.md, "Ids").
 * Esports ids (above 1,000,000) get the esports page — `/contests/{id}/squads` its squads —
 * and every daily id the daily contest's layout, unchanged.
 */
export function ContestRoute() {
  const id = Number(useParams().id)
  const path = useLocation().pathname.replace(/\/$/, '')
  if (!isEsportsContestId(id)) return <ContestLayout />
  if (path.endsWith('/squads')) return <EsportsSquadsPage />
  return <EsportsContestPage />
}
