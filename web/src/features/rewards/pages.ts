/** The reward pages, one lazy chunk for the router. */
export { OffersPage, ScratchCardsHelpPage } from './OffersPage'
export { ReferLearnPage, ReferPage } from './ReferPage'
export { ScratchCardPage } from './ScratchCardPage'
export { ScratchCardsPage } from './ScratchCardsPage'
