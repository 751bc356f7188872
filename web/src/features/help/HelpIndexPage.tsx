import { Link } from 'react-router'
import boxed from '../../components/boxed-list.module.css'
import { Card, PageHead } from '../../components/Common'
import { FeedbackForm } from '../people'
import styles from './help.module.css'
import { HELP_ENTRIES, HELP_GROUPS, type HelpGroup } from './registry'

const GROUP_TITLES: Record<HelpGroup, string> = {
  Playing: 'Creating teams',
  Championship: 'Championship',
  Auctions: 'Auctions',
  Esports: 'Esports contests',
  Money: 'Wallet and withdrawals',
  Support: 'Support',
}

/** Every help page, grouped. */
export function HelpIndexPage() {
  return (
    <div>
      <PageHead title="Help" subtitle="Rules, guides and answers for every game on Fanspole." />
      <p className={styles.quick}>
        Looking for scoring? See the <Link to="/point-system">point system</Link>.
      </p>
      {(Object.keys(HELP_GROUPS) as HelpGroup[]).map((group) => (
        <section key={group} className={styles.group}>
          <h2 className={styles.groupTitle}>{GROUP_TITLES[group]}</h2>
          <ul className={`${styles.list} ${boxed.list}`}>
            {HELP_ENTRIES.filter((entry) => entry.group === group).map((entry) => (
              <li key={entry.slug}>
                <Link to={`/help/${entry.slug}`} className={styles.entry}>
                  <strong>{entry.title}</strong>
                  <span>{entry.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className={styles.group}>
        <h2 className={styles.groupTitle}>About Fanspole</h2>
        <ul className={`${styles.list} ${boxed.list}`}>
          {ABOUT_LINKS.map(([to, title, summary]) => (
            <li key={to}>
              <Link to={to} className={styles.entry}>
                <strong>{title}</strong>
                <span>{summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.group}>
        <h2 className={styles.groupTitle}>Tell us what you think</h2>
        <Card>
          <FeedbackForm />
        </Card>
      </section>
    </div>
  )
}

const ABOUT_LINKS: Array<[to: string, title: string, summary: string]> = [
  ['/about-us', 'About us', 'Who we are and the three ways to play.'],
  ['/terms-and-conditions', 'Terms and conditions', 'Eligibility, wallet rules, KYC, TDS and fair play.'],
  ['/privacy-policy', 'Privacy policy', 'What we collect and what other players can see.'],
  ['/fanspole-partner-program', 'Partner program', 'Earn a share of the fees of the players you bring.'],
  ['/android-app', 'Fanspole on your phone', 'Install the web app on Android, iPhone or a laptop.'],
  ['/shutdown', 'Shutdown announcement', "The original Fanspole's farewell notice."],
]
