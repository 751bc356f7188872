export { CallOfDutyUpdatePage, FreeFireUpdatePage, PubgUpdatePage } from './ResultsPage'
