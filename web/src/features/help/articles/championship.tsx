import { Link } from 'react-router'
import { Callout, FactTable } from '../../../components/Prose'
import type { ArticleBodies } from '../article-bodies'

function Championship() {
  return (
    <>
      <p>
        Championship mode is fantasy cricket over a whole series. Long series are split into{' '}
        <strong>phases</strong> (for example a league stage and the playoffs); you build{' '}
        <strong>one team per phase</strong> and it plays every match of that phase.
      </p>
      <h2>How it works</h2>
      <ol>
        <li>
          Build your team: 11 players from any of the series' sides, within 100 credits, following the same
          role rules as a <Link to="/help/cricket-team-creation">single-match team</Link>.
        </li>
        <li>
          Before each match, change players with transfers (see{' '}
          <Link to="/help/championship-team-creation">transfers</Link>) and pick your captain (2×) and
          vice-captain (1.5×).
        </li>
        <li>
          The team as it stands when a match starts scores that match. Only the players of that match's two
          sides who are in the lineup earn points.
        </li>
        <li>Your points add up over the phase. The phase leaderboard ranks every team by total points.</li>
      </ol>
      <h2>Leaderboard, history and prizes</h2>
      <p>
        The leaderboard shows each team's score, rank and transfers used (paid/free). Your team's history
        shows the players, captain and points of every match it played, and which players came in and went
        out. Prizes for the top ranks of a phase are listed on the phase and paid into winnings when the phase
        ends.
      </p>
      <Callout>
        Points for each match follow the T20, ODI or Test column of the point system, by the match format.
      </Callout>
    </>
  )
}

function ChampionshipTeamCreation() {
  return (
    <>
      <p>
        Your championship team starts like any cricket team: <strong>11 players</strong>,{' '}
        <strong>100 credits</strong>, at least one wicket-keeper and at most one pure keeper, at least 4
        batters, 1 all-rounder and 2 bowlers, and at least 5 all-rounders and bowlers together.
      </p>
      <h2>Transfers</h2>
      <FactTable
        head={['When', 'Transfers']}
        rows={[
          ['Before your team plays its first match', 'Unlimited and free'],
          ['Before every later match', '2 free transfers, plus up to 2 paid ones'],
          ['First paid transfer of a match', '₹15'],
          ['Second paid transfer of a match', '₹25'],
        ]}
      />
      <ul>
        <li>
          <strong>Free transfers carry forward.</strong> Use one before a match and you have 2 + 1 = 3 before
          the next. Paid transfers do not carry forward.
        </li>
        <li>
          <strong>Only the net change counts.</strong> Transfers are counted by comparing your team at the
          next match's start with your team at the last lock. Swap a player out and back in before the
          deadline and it costs nothing.
        </li>
        <li>Changing your captain or vice-captain is not a transfer: it is free before every match.</li>
        <li>
          <strong>Paid transfers are charged when the match starts</strong>, from your wallet balance, and
          only for the changes still in your team then: bring a player back before the start and nothing is
          charged. A save that needs paid transfers you cannot afford is refused.
        </li>
        <li>
          While you build, the team page shows the free and paid transfers you have left and what your changes
          will cost.
        </li>
      </ul>
      <h3>Example</h3>
      <p>
        You have 2 free transfers before match 5. You bring in three new players: two use your free transfers
        and the third is a paid transfer of ₹15. Before match 6 you have 2 free transfers again, since none
        were left to carry forward.
      </p>
      <h3>Joining late</h3>
      <p>
        Joining a phase late? Your team has unlimited transfers until its first match, like everyone else's.
        When that first match starts you are given 2 free transfers for every match of the phase played before
        it, on top of the usual 2, so you are not behind: a team whose first match is match 6 has 12 free
        transfers before match 7, as many as a team that played from match 1 and never transferred.
      </p>
    </>
  )
}

export const bodies: ArticleBodies = {
  championship: Championship,
  'championship-team-creation': ChampionshipTeamCreation,
}
