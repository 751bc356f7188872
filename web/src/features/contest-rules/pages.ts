/** The games and contest-rules pages, one lazy chunk for the router. */
export { GamePage } from './GamePage'
export { GamesPage } from './GamesPage'
export { RulesPage } from './RulesPage'
