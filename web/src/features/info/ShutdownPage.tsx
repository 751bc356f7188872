import { Link } from 'react-router'
import { Logo } from '../../components/Logo'
import styles from './shutdown.module.css'

/** The original product's farewell notice, kept as the page the spec lists. */
export function ShutdownPage() {
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <Logo className={styles.logo} />
      </header>
      <article className={styles.notice}>
        <p className={styles.kicker}>An important announcement</p>
        <h1 className={styles.title}>Fanspole is shutting down</h1>
        <p className={styles.lead}>
          Dear Fanspole family, after years of fantasy cricket, championships, auctions and late-night
          captaincy debates, we have made the difficult decision to close Fanspole.
        </p>

        <h2>What happens now</h2>
        <ul>
          <li>
            <strong>New contests</strong>: no new contests, championships or auctions are being created. You
            can no longer add cash.
          </li>
          <li>
            <strong>Running contests</strong>: every contest already joined is played out, scored and paid as
            usual. Contests that cannot complete are cancelled and the entry fees refunded.
          </li>
          <li>
            <strong>Your winnings</strong>: stay yours. Withdraw them through the wallet as before; complete
            your PAN and bank or UPI verification if you have not yet.
          </li>
          <li>
            <strong>Unused balance</strong>: deposits you have not spent are refunded on request. Use the
            claim refund option in the wallet or write to support with your registered e-mail address.
          </li>
          <li>
            <strong>Coins and scratch cards</strong>: have no cash value and lapse when the service closes.
          </li>
          <li>
            <strong>Your data</strong>: kept only as long as tax and financial law requires after closure,
            then deleted. Ask support for a copy before then.
          </li>
        </ul>

        <h2>Thank you</h2>
        <p>
          Fanspole started as a group of friends arguing over who deserved a place in the eleven. It became a
          community of players who built teams, ran auctions for their colleges and offices, and cheered every
          boundary as if it were their own. Thank you for every team, every bid and every bit of feedback.
        </p>
        <p className={styles.sign}>— Team Fanspole</p>

        <div className={styles.local}>
          <strong>About this edition</strong>
          <p>
            Fanspole Local keeps the whole product running on your own computer, with a demo league, simulated
            matches and a simulated wallet, so it can still be played, taught and tested.
          </p>
          <Link to="/">Open Fanspole Local</Link>
        </div>
      </article>
    </div>
  )
}
