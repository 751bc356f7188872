import { Link } from 'react-router'
import { Prose } from '../../components/Prose'

// Long: one static document: its sections are prose read top to bottom, with nothing shared to factor out.
export function PrivacyPage() {
  return (
    <Prose
      title="Privacy Policy"
      intro="What we collect, why we collect it, who sees it and what you can do about it."
      footer="This policy applies to the Fanspole web app and its API. Fanspole Local keeps every piece of data in a database file on the computer it runs on."
    >
      <h2>1. Information you give us</h2>
      <ul>
        <li>
          <strong>Account</strong>: e-mail address, username, password (stored only as a salted Argon2id hash,
          never in readable form), and optionally your full name, team name, date of birth, avatar, the sports
          you follow and an "about me" text.
        </li>
        <li>
          <strong>Verification (KYC)</strong>: mobile number, PAN card number and photo, date of birth, bank
          account details and UPI id, needed by law before you can withdraw winnings.
        </li>
        <li>
          <strong>Play</strong>: the teams you create, contests you join, bids you place, posts, comments and
          group messages.
        </li>
        <li>
          <strong>Payments</strong>: deposit and withdrawal amounts, their status and the reference numbers
          from the payment gateway. We never see or store your card number, CVV or UPI PIN.
        </li>
      </ul>

      <h2>2. Information collected automatically</h2>
      <p>
        When you use Fanspole we record technical details needed to keep the service secure: your IP address,
        browser type, the time of each request and a request id that lets support trace a problem you report.
        Sign-in uses two cookies, <code>at</code> (access token) and <code>rt</code> (refresh token), which
        last up to one year so you stay signed in; your name, team name, level and balance are also kept in
        your browser's local storage so the header shows instantly. Logging out deletes all of them. We do not
        use advertising cookies or third-party trackers.
      </p>

      <h2>3. How we use it</h2>
      <ul>
        <li>To run your account, score your teams, pay prizes and show leaderboards.</li>
        <li>To verify your age, identity and location where the law requires it.</li>
        <li>To detect fraud, multiple accounts, collusion and abuse of referral rewards.</li>
        <li>To send service messages: password resets, contest results, wallet updates.</li>
        <li>To improve the product from aggregated, non-identifying usage.</li>
      </ul>

      <h2>4. What other players see</h2>
      <p>
        Your username, display name, team name, avatar, level, follower counts and "about me" are public. Your
        teams become visible to other contest members once the match has started and teams are locked. Your
        e-mail address, mobile number, date of birth, KYC documents and balances are never shown to other
        players.
      </p>

      <h2>5. Sharing</h2>
      <p>
        We share data only with payment gateways (to process a deposit or payout), banks and UPI providers (to
        pay you), and government authorities when the law requires it, for example for tax deducted at source.
        We do not sell personal data.
      </p>

      <h2>6. Security and retention</h2>
      <p>
        Passwords are hashed, access tokens expire after two hours and refresh tokens rotate on every use;
        reuse of an old refresh token signs out every device of that login. We keep account and transaction
        records for as long as your account exists and afterwards for the period financial and tax law
        requires.
      </p>

      <h2>7. Your choices</h2>
      <ul>
        <li>
          Edit your profile at any time in <Link to="/profile/settings">Settings</Link>.
        </li>
        <li>Change your password there, or reset it from the log-in page.</li>
        <li>
          Ask for a copy of your data or for your account to be closed through{' '}
          <Link to="/help/details">support</Link>. Closing an account with a balance first pays out your
          withdrawable winnings.
        </li>
      </ul>

      <h2>8. Children</h2>
      <p>Fanspole is for people aged 18 and over. We close accounts we find belong to minors.</p>

      <h2>9. Changes</h2>
      <p>
        If we change this policy in a way that matters we will tell you by notification before the change
        takes effect. Continuing to use Fanspole after that means you accept the new policy.
      </p>
    </Prose>
  )
}
