/** The discover pages (docs/social.md), one lazy chunk for the router. */
export { DiscoverContestsPage, DiscoverPage } from './DiscoverPage'
export { SearchPage } from './SearchPage'
