import { Link } from 'react-router'
import styles from './rewards.module.css'

/** The head's link to the page that explains a reward (referrals, scratch cards). */
export function HowItWorksLink({ to }: { to: string }) {
  return (
    <Link to={to} className={styles.helpLink}>
      How it works
    </Link>
  )
}
