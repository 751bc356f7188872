import { useParams } from 'react-router'
import { type GameKind, gameKind } from '../../../../server/domain/contest-creation'
import { CreateContestPage } from './CreateContestPage'
import { FORM_KINDS } from './kinds'
import { OpensLaterPage } from './OpensLaterPage'

const PUBG_TITLES: Record<string, string> = {
  'pubg-get-access': 'Get access to PUBG contests',
  'pubg-contest-requirement': 'PUBG contest requirements',
}

/** `/contests/create/{kind}`: the form for an open kind, the "opens later" page for the rest. */
export function CreateKindPage() {
  const slug = useParams().kind ?? ''
  const kind = gameKind(slug)
  if (kind && FORM_KINDS.includes(slug)) return <CreateContestPage key={slug} kind={kind} />
  return <OpensLaterPage kind={kind ?? (gameKind('pubg') as GameKind)} title={PUBG_TITLES[slug]} />
}
