import { useParams } from 'react-router'
import { gameKind } from '../../../../server/domain/game-kinds'
import { NotFoundPage } from '../../components/NotFoundPage'
import { EsportsCreatePage, EsportsGetAccessPage, EsportsRequirementPage } from '../esports'
import { CreateContestPage } from './CreateContestPage'
import { FORM_KINDS } from './kinds'

/**
 * `/contests/create/{kind}`: the form for a fantasy kind, the esports host form for an
 * esports kind, and the PUBG access pages.
 */
export function CreateKindPage() {
  const slug = useParams().kind ?? ''
  const kind = gameKind(slug)
  if (slug === 'pubg-contest-requirement') return <EsportsRequirementPage />
  if (slug === 'pubg-get-access') return <EsportsGetAccessPage />
  if (kind && FORM_KINDS.includes(slug)) return <CreateContestPage key={slug} kind={kind} />
  if (kind?.target === 'esports') return <EsportsCreatePage key={slug} kind={kind} />
  return <NotFoundPage />
}
