import { Link } from 'react-router'
import { Callout, FactTable } from '../../../components/Prose'
import type { ArticleBodies } from '../article-bodies'

function CaptainRules() {
  return (
    <>
      <h2>Captain and vice-captain</h2>
      <p>
        Pick a captain and a vice-captain from your team before you save it. Your captain scores{' '}
        <strong>2×</strong> points and your vice-captain <strong>1.5×</strong>, so team totals can end in .5.
        They must be two different players: choosing your vice-captain as captain clears the vice-captain, and
        the other way round.
      </p>
    </>
  )
}

function TeamLimits() {
  return (
    <>
      <h2>Teams per match and deadlines</h2>
      <ul>
        <li>You can create up to 4 teams for each match and join contests with any of them.</li>
        <li>Edit your teams as often as you like until the match starts; then they lock.</li>
        <li>Other players' teams become visible once the match has started, never before.</li>
        <li>Only players in the announced lineup score points.</li>
      </ul>
    </>
  )
}

function CricketTeamCreation() {
  return (
    <>
      <p>
        A cricket team is <strong>11 players</strong> picked from the two sides of a match, within a budget of{' '}
        <strong>100 credits</strong>. Each player has a credit value shown next to their name; the credits you
        have left are 100 minus the values of the players you picked.
      </p>
      <h2>Role rules</h2>
      <FactTable
        head={['Rule', 'Your 11 must have']}
        rows={[
          ['Wicket-keepers', 'At least 1 (a pure keeper or a keeper-batter), and at most 1 pure keeper'],
          ['Batters', 'At least 4'],
          ['All-rounders', 'At least 1'],
          ['Bowlers', 'At least 2'],
          ['All-rounders + bowlers', 'At least 5 together'],
        ]}
      />
      <h3>Players with two roles</h3>
      <p>
        Some players carry two roles: batter/all-rounder, keeper-batter and all-rounder/bowler. They count
        towards whichever role your team is short of. If you pick two or more keeper-batters, one counts as
        your wicket-keeper and the others as batters. That is why the same player can appear in two tabs of
        the player list (WK, BAT, AR and BOWL).
      </p>
      <Callout>
        Tap <strong>Continue</strong> when you have 11 players: if a rule is not met you see which one,
        otherwise you go on to choose your captain and vice-captain.
      </Callout>
      <CaptainRules />
      <TeamLimits />
      <p>
        How each player scores is on the <Link to="/point-system?sport=cricket">cricket point system</Link>,
        with separate columns for T20, ODI and Test matches.
      </p>
    </>
  )
}

function FootballTeamCreation() {
  return (
    <>
      <p>
        A football team is <strong>11 players</strong> from the two clubs of a match, within{' '}
        <strong>100 credits</strong>. Every player has exactly one position.
      </p>
      <FactTable
        head={['Position', 'Players in your team']}
        rows={[
          ['Goalkeeper', 'Exactly 1'],
          ['Defenders', '3 to 5'],
          ['Midfielders', '3 to 5'],
          ['Forwards', '1 to 3'],
        ]}
      />
      <p>
        Any formation that fits these ranges is allowed: 4-4-2, 3-5-2, 5-3-2, 4-3-3 and so on. Your team
        preview shows the players in four rows, goalkeeper to forwards.
      </p>
      <p>
        Points depend on position: a goal by a defender or goalkeeper is worth more than a goal by a forward,
        and clean sheets matter most at the back. See the{' '}
        <Link to="/point-system?sport=football">football point system</Link>.
      </p>
      <CaptainRules />
      <TeamLimits />
    </>
  )
}

function F1TeamCreation() {
  return (
    <>
      <p>
        An F1 team is <strong>5 drivers</strong> from the race entry list, within <strong>100 credits</strong>
        . Front-runners cost more credits; a good team mixes a favourite or two with drivers likely to gain
        places.
      </p>
      <h2>How drivers score</h2>
      <ul>
        <li>Finishing position: 25 for a win, then 18, 15, 12, 10, 8, 6, 4, 2 and 1 for tenth.</li>
        <li>Each place gained from the starting grid +1, each place lost −1.</li>
        <li>Fastest lap +5, pole position +3, did not finish −10.</li>
      </ul>
      <p>
        The full table is on the <Link to="/point-system?sport=f1">F1 point system</Link>.
      </p>
      <CaptainRules />
      <TeamLimits />
    </>
  )
}

function PubgTeamCreation() {
  return (
    <>
      <p>
        A PUBG fantasy team is <strong>5 players</strong> from the squads in a match, within{' '}
        <strong>100 credits</strong>. The same rules apply to Free Fire and Call of Duty fantasy contests.
      </p>
      <h2>How players score</h2>
      <ul>
        <li>
          Placement of the player's squad: 15 points for the winner, then 12, 10, 8, 6, 4 and 2 down to
          seventh, 1 point for 8th to 12th and nothing below.
        </li>
        <li>Every finish (kill) +1.</li>
      </ul>
      <p>
        Squads that survive long and frag hard are gold. Spread your picks to avoid losing everything to one
        early elimination, or stack one squad if you are confident. See the{' '}
        <Link to="/point-system?sport=battle-royale">esports point system</Link>.
      </p>
      <CaptainRules />
      <TeamLimits />
    </>
  )
}

export const bodies: ArticleBodies = {
  'cricket-team-creation': CricketTeamCreation,
  'football-team-creation': FootballTeamCreation,
  'f1-team-creation': F1TeamCreation,
  'pubg-team-creation': PubgTeamCreation,
}
