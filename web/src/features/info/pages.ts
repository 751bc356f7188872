/** The static information pages, one chunk. */
export { AboutPage } from './AboutPage'
export { AndroidAppPage } from './AndroidAppPage'
export { PrivacyPage } from './PrivacyPage'
export { TermsPage } from './TermsPage'
