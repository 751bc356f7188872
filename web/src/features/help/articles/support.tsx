import { Link } from 'react-router'
import { Callout, FactTable } from '../../../components/Prose'
import type { ArticleBodies } from '../article-bodies'

function Details() {
  return (
    <>
      <p>We are happy to help with anything from a forgotten password to a prize that did not arrive.</p>
      <h2>Before you write</h2>
      <ul>
        <li>
          Rules and scoring: the <Link to="/help">help centre</Link> and the{' '}
          <Link to="/point-system">point system</Link> answer most questions.
        </li>
        <li>
          Cannot sign in: use <Link to="/login/forgot-password">forgot password</Link>; the reset link works
          once and for one hour.
        </li>
        <li>Balance questions: your passbooks list every movement of money with its reason.</li>
      </ul>
      <h2>Contact</h2>
      <FactTable
        rows={[
          ['Who answers', 'The Fanspole team. In Fanspole Local: the admin who runs this server'],
          ['Response time', 'Within 2 working days; payment problems first'],
          [
            'Mails and one-time passwords',
            'In Fanspole Local they land in a local outbox the admin can read',
          ],
        ]}
      />
      <h2>What to include</h2>
      <ul>
        <li>Your username and the e-mail address of your account.</li>
        <li>The contest, match or auction it is about, and roughly when it happened.</li>
        <li>
          For an error message: the <strong>request id</strong>. Every error answer from Fanspole carries one,
          and it lets us find exactly what went wrong.
        </li>
        <li>For payments: the amount, the time and the order or transaction id from the payment screen.</li>
      </ul>
      <Callout>
        We will never ask for your password, a one-time password or your card details. Anyone who does is not
        Fanspole.
      </Callout>
    </>
  )
}

export const bodies: ArticleBodies = { details: Details }
