/** The front door of features/esports: what other features may use. Esports: game accounts, creating esports contests, rooms, squads, results, tournaments. */
export { GameAccountsCard } from './accounts/GameAccountsCard'
export { EsportsGetAccessPage, EsportsRequirementPage } from './create/AccessPages'
export { CustomRooms } from './create/CustomRooms'
export { EsportsCreatePage } from './create/EsportsCreatePage'
export { EsportsRules } from './create/EsportsRules'
