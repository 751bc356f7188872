import { Link } from 'react-router'
import { Callout, FactTable } from '../../../components/Prose'
import type { ArticleBodies } from '../registry'

interface Game {
  name: string
  lobby: string
  modes: string
  extra: string[]
}

const GAMES: Record<string, Game> = {
  pubg: {
    name: 'PUBG',
    lobby: 'custom room',
    modes:
      'Classic battle royale on the map named in the contest (Erangel unless stated otherwise), squads of four, third-person view.',
    extra: [
      'Players on emulators may only join contests marked for emulator players.',
      'Do not land in the same spot as another squad by agreement; every squad plays for itself.',
    ],
  },
  'free-fire': {
    name: 'Free Fire',
    lobby: 'custom room',
    modes: 'Battle royale on the map named in the contest (Bermuda unless stated otherwise), squads of four.',
    extra: [
      'Character skills and pets are allowed unless the contest lists restrictions.',
      'Gun skins and attributes from events are allowed; modified game files are not.',
    ],
  },
  'call-of-duty': {
    name: 'Call of Duty',
    lobby: 'private lobby',
    modes:
      'Battle royale (Isolated unless stated otherwise), squads of four, with the class and perk limits listed on the contest.',
    extra: [
      'Operator skills and scorestreaks follow the contest settings; do not use ones it disables.',
      'Controllers and touch players share lobbies unless the contest says otherwise.',
    ],
  },
}

function EsportsRules({ game }: { game: Game }) {
  return (
    <>
      <p>
        {game.name} contests on Fanspole are played for real in a {game.lobby}: you join with your game
        account, play the match, and your squad is ranked by placement and finishes.
      </p>
      <h2>Before the match</h2>
      <ul>
        <li>
          Link your {game.name} game account (in-game name and character id) in your profile. They must match
          exactly what the game shows, or your result cannot be credited.
        </li>
        <li>Join the contest and take a slot for your squad before it fills or the deadline passes.</li>
        <li>
          The {game.lobby} id and password appear on the contest page shortly before the start. Join on time:
          the match starts at the posted time whether or not every squad is in.
        </li>
        <li>{game.modes}</li>
      </ul>
      <h2>Scoring</h2>
      <FactTable
        head={['Result', 'Points']}
        rows={[
          ['1st place', '15'],
          ['2nd / 3rd / 4th', '12 / 10 / 8'],
          ['5th / 6th / 7th', '6 / 4 / 2'],
          ['8th to 12th', '1'],
          ['Each finish (kill)', '1'],
        ]}
      />
      <p>
        Results are entered by the contest organiser from the end-of-match screen. The same table drives the{' '}
        <Link to="/point-system?sport=battle-royale">esports point system</Link>.
      </p>
      <h2>Fair play</h2>
      <ul>
        <li>No hacks, scripts, modified clients, aim assistance tools or exploiting bugs.</li>
        <li>
          No teaming with other squads, and no sharing the room details with anyone outside the contest.
        </li>
        {game.extra.map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>A player may play for only one squad in a contest and with only one account.</li>
      </ul>
      <Callout tone="warn">
        Breaking these rules disqualifies the whole squad; its prizes go to the next squads in the ranking.
      </Callout>
      <h2>Disputes</h2>
      <p>
        Think a result is wrong? Report it from the contest page within 30 minutes of the match ending, with a
        screenshot of the final results screen. Prizes are paid into winnings once results are final.
      </p>
    </>
  )
}

const PubgRules = () => <EsportsRules game={GAMES.pubg as Game} />
const FreeFireRules = () => <EsportsRules game={GAMES['free-fire'] as Game} />
const CallOfDutyRules = () => <EsportsRules game={GAMES['call-of-duty'] as Game} />

export const bodies: ArticleBodies = {
  'pubg-rules': PubgRules,
  'free-fire-rules': FreeFireRules,
  'call-of-duty-rules': CallOfDutyRules,
}
