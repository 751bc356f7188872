import { Link } from 'react-router'
import { Prose } from '../../components/Prose'

export function AboutPage() {
  return (
    <Prose
      title="About Us"
      intro="Fanspole is a fantasy sports platform built by fans, for fans who think they could pick a better eleven than the selectors."
    >
      <h2>What we do</h2>
      <p>
        On Fanspole you build teams of real players for real matches and score points from what those players
        do on the field: runs, wickets, catches, goals, overtakes and finishes. The better your picks, the
        higher you climb. We cover cricket (T20, ODI and Test), football, Formula 1 and the esports titles
        PUBG, Free Fire and Call of Duty.
      </p>
      <p>There are three ways to play:</p>
      <ul>
        <li>
          <strong>Daily fantasy</strong>: one team for one match, joined to as many contests as you like.
          Eleven players, 100 credits, a captain who earns double and a vice-captain who earns one and a half
          times.
        </li>
        <li>
          <strong>Championship</strong>: one team for a whole series phase, kept sharp with transfers between
          matches. Consistency wins here, not one lucky night.
        </li>
        <li>
          <strong>Auction</strong>: run a player auction with your friends, bid as franchise owners and manage
          your squad through the season. Every player belongs to exactly one franchise.
        </li>
      </ul>

      <h2>How we think about it</h2>
      <p>
        Fantasy sports are games of skill: knowing form, pitches, match-ups and roles matters more than luck
        over a season. So every scoring rule is public on the <Link to="/point-system">point system</Link>{' '}
        page, every team is locked when the match starts, and other players' teams are visible once they are
        locked so you can see exactly how a result came about.
      </p>
      <p>
        Money is handled with the same care. Every deposit, entry fee, prize and withdrawal is a double-entry
        ledger transaction whose entries always add up to zero, so your balance can always be explained line
        by line. Winnings are yours; we never touch them except to pay tax the law requires us to deduct.
      </p>

      <h2>Community</h2>
      <p>
        Follow other players, chat in groups, create private contests for your office or your college gang and
        share the invite code. Refer a friend and you both get 50 coins and a scratch card when they sign up
        with your code.
      </p>

      <h2>This edition</h2>
      <p>
        You are using Fanspole Local, a complete edition of the product that runs on a single computer: the
        web app, the API, live updates and a demo league with simulated matches. Payments go through a
        simulated gateway, one-time passwords and e-mails land in a local outbox, and no real money moves. It
        is built for trying the product, teaching and testing.
      </p>

      <h2>Get in touch</h2>
      <p>
        Questions, ideas or a bug to report? See <Link to="/help/details">contact and support</Link>. For the
        rules of each game, start at the <Link to="/help">help centre</Link>.
      </p>
    </Prose>
  )
}
