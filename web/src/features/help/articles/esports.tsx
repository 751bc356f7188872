import { Link } from 'react-router'
import { ordinal } from '../../../../../server/domain/esports/results'
import {
  DEFAULT_REVEAL_MINUTES,
  DISPUTE_WINDOW_HOURS,
  ESPORTS_GAMES,
  ESPORTS_MODES,
  type EsportsGame,
  MIN_SQUADS_TO_PLAY,
  maxSlots,
  POINT_TABLES,
  TEAM_SIZES,
} from '../../../../../server/domain/esports/rules'
import { Callout, FactTable } from '../../../components/Prose'
import type { ArticleBodies } from '../article-bodies'

/** What differs per game beyond rules.ts: what the game calls its room, and its own fair-play lines. */
const GAME_NOTES: Record<EsportsGame, { lobby: string; extra: string[] }> = {
  pubg: {
    lobby: 'custom room',
    extra: [
      'PUBG Lite rooms are played with your PUBG account.',
      'Do not land in the same spot as another squad by agreement; every squad plays for itself.',
    ],
  },
  'free-fire': {
    lobby: 'custom room',
    extra: [
      'Character skills and pets are allowed unless the contest’s description lists restrictions.',
      'Gun skins and attributes from events are allowed; modified game files are not.',
    ],
  },
  'call-of-duty': {
    lobby: 'private lobby',
    extra: [
      'Operator skills and scorestreaks follow the contest’s description; do not use ones it disables.',
      'Controllers and touch players share lobbies unless the contest says otherwise.',
    ],
  },
}

/** The placement table in rows of equal points: "1st", "2nd", … "8th to 12th". */
function pointRows(game: EsportsGame): Array<[string, string]> {
  const table = POINT_TABLES[game]
  const rows: Array<[string, string]> = []
  let from = 0
  table.placement.forEach((points, i) => {
    const next = table.placement[i + 1]
    if (next === points) return
    rows.push([from === i ? ordinal(i + 1) : `${ordinal(from + 1)} to ${ordinal(i + 1)}`, String(points)])
    from = i + 1
  })
  rows.push([`${ordinal(table.placement.length + 1)} and lower`, '0'])
  rows.push(['Each kill', String(table.per_kill)])
  return rows
}

function EsportsRules({ game: slug }: { game: EsportsGame }) {
  const game = ESPORTS_GAMES[slug]
  const notes = GAME_NOTES[slug]
  const modes = ESPORTS_MODES.map((m) => `${m} (${TEAM_SIZES[m]}, up to ${maxSlots(slug, m)} squads)`).join(
    ', ',
  )
  return (
    <>
      <p>
        {game.name} contests on Fanspole are played for real in the game’s {notes.lobby}, which holds{' '}
        {game.room_players} players: you join with your own game account, play the match, and your squad is
        ranked by its placement and kills.
      </p>
      <h2>Before the match</h2>
      <ul>
        <li>
          Add your {game.name} account (in-game name, character id and level) under{' '}
          <Link to="/profile/settings">Settings › Game accounts</Link>. An admin checks it; only a verified
          account can join {game.name} contests, and a contest may ask for a minimum level.
        </li>
        <li>
          Join a contest with a new squad, or a friend’s squad with its invite link. Modes: {modes}. The entry
          fee is charged when you join and comes back if you leave before the lock.
        </li>
        <li>
          The {notes.lobby} id and password appear on the contest page shortly before the start:{' '}
          {DEFAULT_REVEAL_MINUTES} minutes before unless the host chose another time, which the contest page
          shows. At that moment squads lock. With fewer than {MIN_SQUADS_TO_PLAY} squads the contest is
          cancelled and every entry refunded.
        </li>
        <li>Join the {notes.lobby} on time: the match starts at the posted time.</li>
      </ul>
      <h2>Scoring</h2>
      <FactTable head={['Result', 'Points']} rows={pointRows(slug)} />
      <p>
        The host enters every squad’s placement and kills after the match (or draws them with the simulator in
        a practice league). Squads are ranked by points; tied squads share the prizes of the places they hold.
        Kill prizes, if the contest has them, are paid first. See the{' '}
        <Link to={`/contests/rules/${slug}`}>{game.name} contest rules</Link> for the money.
      </p>
      <h2>Fair play</h2>
      <ul>
        <li>No hacks, scripts, modified clients, aim assistance tools or exploiting bugs.</li>
        <li>
          No teaming with other squads, and no sharing the room details with anyone outside the contest.
        </li>
        {notes.extra.map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>You play for one squad in a contest, with your own verified account.</li>
      </ul>
      <Callout tone="warn">
        A squad that breaks these rules can be placed last when the results are corrected, losing its prizes.
      </Callout>
      <h2>Disputes</h2>
      <p>
        Think a result is wrong? Dispute it from the contest’s results page within {DISPUTE_WINDOW_HOURS}{' '}
        hours of the results, saying what is wrong. The admins review it; a correction re-ranks the squads and
        adjusts the winnings.
      </p>
    </>
  )
}

const PubgRules = () => <EsportsRules game="pubg" />
const FreeFireRules = () => <EsportsRules game="free-fire" />
const CallOfDutyRules = () => <EsportsRules game="call-of-duty" />

export const bodies: ArticleBodies = {
  'pubg-rules': PubgRules,
  'free-fire-rules': FreeFireRules,
  'call-of-duty-rules': CallOfDutyRules,
}
