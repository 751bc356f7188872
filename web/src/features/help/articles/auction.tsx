import { Link } from 'react-router'
import { Callout, FactTable } from '../../../components/Prose'
import type { ArticleBodies } from '../article-bodies'

function Auction() {
  return (
    <>
      <p>
        In an auction you and your friends are franchise owners. You bid for real players, build a squad and
        your squad scores fantasy points in every match of the series. A player can belong to only one
        franchise, so every squad is unique.
      </p>
      <h2>Setting up</h2>
      <ol>
        <li>The owner creates the auction and shares its invite code.</li>
        <li>
          Managers join with the code in the <strong>waiting room</strong>, paying the auction's coin charge
          if it has one. The owner approves or rejects each pending manager.
        </li>
        <li>Every manager picks a franchise name and one of the auction's colours.</li>
        <li>The owner starts the first round when everyone is in; they can pause and resume at any time.</li>
      </ol>
      <h2>Two kinds of round</h2>
      <ul>
        <li>
          <strong>Open rounds</strong> are live: players come up one at a time and everyone bids in real time
          against a timer. See <Link to="/help/auction-bidding">bidding</Link>.
        </li>
        <li>
          <strong>Sealed rounds</strong> come after: unsold and released players are offered again, bids are
          hidden until the round closes, and players are then assigned by the{' '}
          <Link to="/help/auction-assigning-rules">assigning rules</Link>.
        </li>
      </ul>
      <h2>Auction tournaments</h2>
      <p>Tournaments are season-long sealed auctions that run in bidding windows.</p>
      <FactTable
        rows={[
          ['Purse', '1,70,000 credits per manager'],
          ['Squad', 'At most 15 players, of whom at most 4 star players'],
          ['Bidding windows', '6, 8, 12 or 24 hours, chosen when the tournament is created'],
          ['Start', 'The first window opens when the 4th manager joins'],
        ]}
      />
      <p>
        Bids placed during a window are executed together when it ends, and the next window starts then. Your
        squad scores in a match only if it is <Link to="/help/auction-balance-team">balanced</Link> when the
        match starts.
      </p>
      <Callout>
        Empty seats can be filled by bots with their own bidding styles, so a small group still gets a lively
        auction.
      </Callout>
    </>
  )
}

function AuctionBidding() {
  return (
    <>
      <h2>Open rounds (live)</h2>
      <ul>
        <li>
          The player under the hammer is shown with their base price and the <strong>next bid amount</strong>.
          The first bid is the base price; after that each bid is the current price plus the increment for
          that price band.
        </li>
        <li>
          Each lot has a timer, 15 seconds by default. A bid placed with less than 10 seconds left puts the
          timer back to 10 seconds, so nobody wins by sniping.
        </li>
        <li>
          When the timer runs out the player is sold to the highest bidder, or goes unsold if nobody bid.
        </li>
        <li>
          Bids are processed strictly one at a time. If two managers bid the same amount at the same moment,
          the first one to reach the server wins and the other is told the price has moved.
        </li>
      </ul>
      <h2>Sealed rounds and tournament windows</h2>
      <ul>
        <li>Bid any amount at or above the player's base price.</li>
        <li>Bids are hidden from everyone else until the round or window closes.</li>
        <li>
          You may change the amount as often as you like until then, and place as many bids as you want.
        </li>
        <li>
          In a tournament a bid cannot be withdrawn during its window; it stays in your active bids until the
          window is executed.
        </li>
      </ul>
      <h2>Purse and squad limits</h2>
      <p>
        You can never bid more than you could afford while still filling your squad: the most you can bid is
        your purse minus the lowest base price times the number of other open squad slots. You also cannot bid
        once your squad is full. Tournaments add their own caps: 15 players and 4 star players.
      </p>
      <h2>Releasing a player</h2>
      <p>
        You can release a player from your squad at any time. They return to the pool and the price you paid
        goes back into your purse. You cannot buy the same player back for <strong>2 days</strong>.
      </p>
    </>
  )
}

function AuctionAssigningRules() {
  return (
    <>
      <p>
        When a sealed round or a tournament window closes, every bid is revealed and players are assigned one
        by one.
      </p>
      <ol>
        <li>
          Players are taken in <strong>descending order of base price</strong>: the most valuable player
          first.
        </li>
        <li>
          Each player goes to the <strong>highest bid that still fits</strong>: the bidder must have enough
          purse left and room in their squad (at most 15 players and 4 stars in a tournament).
        </li>
        <li>
          A bid that no longer fits is skipped and the player goes to the next highest bidder, or stays
          unsold.
        </li>
      </ol>
      <Callout tone="warn">
        Because expensive players are assigned first, a manager who fills the squad or spends the purse early
        can miss out on the cheaper players they also bid for. Bid within your means.
      </Callout>
      <h2>Ties: GiniPini</h2>
      <p>
        If two or more managers bid exactly the same highest amount, the <strong>GiniPini</strong> draw picks
        the winner at random. A manager who just won a tie has a lower chance in the next tie, so luck evens
        out over a season. The draw is seeded, so the result can be replayed and checked.
      </p>
    </>
  )
}

function AuctionBalanceTeam() {
  return (
    <>
      <p>
        Your auction squad scores in a match only if it is <strong>balanced</strong> when the match starts. A
        balanced squad has at least 11 players, and among them:
      </p>
      <FactTable
        head={['Need', 'At least']}
        rows={[
          ['Players who can keep wicket (wicket-keepers, keeper-batters)', '1'],
          ['Players who can bat (batters, keeper-batters, all-rounders)', '6'],
          ['Players who can bowl (bowlers, all-rounders)', '5'],
        ]}
      />
      <p>
        An all-rounder counts as someone who can bat and someone who can bowl. When your squad is balanced you
        score the fantasy points of every squad player who played in that match, by the{' '}
        <Link to="/point-system?sport=cricket">cricket point system</Link>.
      </p>
      <h2>Keeping your squad balanced</h2>
      <ul>
        <li>Buy a wicket-keeper early: there are few of them and everyone needs one.</li>
        <li>Watch releases: releasing your only keeper unbalances the squad until you buy another.</li>
      </ul>
    </>
  )
}

export const bodies: ArticleBodies = {
  auction: Auction,
  'auction-bidding': AuctionBidding,
  'auction-assigning-rules': AuctionAssigningRules,
  'auction-balance-team': AuctionBalanceTeam,
}
