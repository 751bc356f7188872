/** The contest-creation pages, one lazy chunk for the router. */
export { ContestRequirementPage, GetAccessPage, OutOfAccessPage } from './AccessPage'
export { CreateHomePage } from './CreateHomePage'
export { EditContestPage } from './EditContestPage'
export { JoinLinkPage } from './JoinLinkPage'
export { CreateKindPage } from './KindPage'
export { EditSavedPrizePage, NewSavedPrizePage, SavedPrizesPage } from './SavedPrizesPage'
