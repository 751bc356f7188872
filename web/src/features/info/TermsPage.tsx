import { Link } from 'react-router'
import { Callout, FactTable, Prose } from '../../components/Prose'

// Long: one static document: its sections are prose read top to bottom, with nothing shared to factor out.
export function TermsPage() {
  return (
    <Prose
      title="Terms and Conditions"
      intro="These terms are the agreement between you and Fanspole when you use the website, the app and the contests on them. Please read them; by creating an account you accept them."
      footer="Fanspole Local is a simulator: its wallet is real double-entry bookkeeping, but deposits and payouts go through a simulated gateway and no real money moves."
    >
      <h2>1. Eligibility</h2>
      <ul>
        <li>You must be at least 18 years old and resident in India to play paid contests.</li>
        <li>
          Residents of <strong>Assam, Odisha, Telangana, Nagaland and Sikkim</strong> may not join paid
          contests, because the laws of those states restrict games played for stakes. They may play free
          contests.
        </li>
        <li>
          One account per person. Accounts opened to gain extra referral rewards or to play against yourself
          are closed and their balances forfeited.
        </li>
        <li>Employees of Fanspole and their families may not win prizes in public contests.</li>
      </ul>

      <h2>2. Games of skill</h2>
      <p>
        Fanspole contests are games of skill: results depend on your knowledge and judgement in selecting
        players within a budget and under role rules. Points are awarded exactly as published on the{' '}
        <Link to="/point-system">point system</Link> page, from official match data. If the data is corrected
        after the match, points and ranks are recalculated and prizes follow the corrected result.
      </p>

      <h2>3. Teams and contests</h2>
      <ul>
        <li>
          A team is built within 100 credits and must satisfy the team rules of its sport (see the{' '}
          <Link to="/help/cricket-team-creation">team creation guides</Link>). You may create up to 4 teams
          per match and edit them any number of times until the match starts.
        </li>
        <li>Teams lock when the match starts. Other members' teams become visible after the lock.</li>
        <li>
          A contest that is not full when the match starts is cancelled and every entry fee is refunded to the
          unused balance, unless it was marked guaranteed. An abandoned match cancels its contests the same
          way.
        </li>
        <li>
          Tied teams share the sum of the prizes for the ranks they occupy. The prize pool is the entry fees
          collected less the platform fee stated on the contest.
        </li>
      </ul>

      <h2>4. Your wallet</h2>
      <FactTable
        head={['Compartment', 'What it holds']}
        rows={[
          [
            'Unused balance',
            'Deposits, refunds and cash rewards. Used to join contests; cannot be withdrawn.',
          ],
          ['Winnings', 'Prizes you have won. Can join contests and is the only part you can withdraw.'],
          [
            'Coins',
            'Reward points from scratch cards and referrals, used for auction entry charges. Not cash.',
          ],
        ]}
      />
      <p>
        Your current balance is unused plus winnings. Entry fees are taken from the unused balance first and
        then from winnings. Money cannot be moved between accounts of different users.
      </p>
      <ul>
        <li>
          <strong>Deposits</strong>: from ₹10 to ₹10,000 per transaction, through the payment options shown on
          the add-cash screen.
        </li>
        <li>
          <strong>Bank withdrawals</strong>: minimum ₹200 per request, to an Indian bank account in your own
          name.
        </li>
        <li>
          <strong>UPI withdrawals</strong>: minimum ₹100, a fee of ₹10 per transfer (₹300 requested, ₹290
          received), and at most ₹10,000 per day.
        </li>
        <li>
          Withdrawal requests stay pending until they are reviewed; a rejected request is refunded in full.
        </li>
      </ul>

      <h2>5. Verification (KYC)</h2>
      <p>
        Before your first withdrawal you must verify your mobile number by one-time password and submit your
        PAN card, and add a bank account or UPI id. PAN review takes up to 3 working days and bank review up
        to 7. The name on your PAN, bank account and Fanspole profile must match. We may ask for further
        documents if a withdrawal looks unusual.
      </p>

      <h2>6. Taxes</h2>
      <p>
        Prizes are subject to tax deducted at source (TDS) under the Income Tax Act, 1961, at the rate in
        force on the date of payment. We deduct it before the prize reaches your winnings, deposit it with the
        government against your PAN and issue a TDS certificate. Any further tax on your income is your
        responsibility.
      </p>

      <h2>7. Fair play</h2>
      <ul>
        <li>No bots, scripts, collusion, sharing of private contest information or multiple accounts.</li>
        <li>No abuse, hate or spam in posts, comments or group chats.</li>
        <li>
          We may suspend an account, void its entries and withhold winnings obtained by breaking these rules,
          after telling you why.
        </li>
      </ul>

      <h2>8. Referrals and rewards</h2>
      <p>
        Referral rewards are paid only for friends who sign up with your code and verify a genuine e-mail
        address. Rewards obtained through fake or duplicate accounts are reversed without notice.
      </p>

      <Callout tone="warn">
        Fantasy sports involve an element of financial risk and may be habit-forming. Please play responsibly
        and within your means.
      </Callout>

      <h2>9. Liability and changes</h2>
      <p>
        We work hard to keep scores correct and the service available, but we are not liable for losses caused
        by delayed match data, network failures or events outside our control beyond refunding the entry fees
        involved. We may change these terms; material changes are announced by notification before they apply.
      </p>

      <h2>10. Disputes</h2>
      <p>
        Write to <Link to="/help/details">support</Link> first: most problems are solved within a few days.
        These terms are governed by the laws of India.
      </p>
    </Prose>
  )
}
