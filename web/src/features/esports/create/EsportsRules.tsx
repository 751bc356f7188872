import { ENTRY_FEE_MAX_PAISE } from '../../../../../server/domain/contest-creation'
import {
  ACCESS_REQUEST_COOLDOWN_HOURS,
  DEFAULT_REVEAL_MINUTES,
  ESPORTS_GAMES,
  ESPORTS_KINDS,
  ESPORTS_MODES,
  type EsportsKind,
  GAME_LEVEL_MAX,
  HOST_LEVEL_MIN,
  HOSTED_OPEN_MAX,
  MIN_SQUADS_TO_PLAY,
  maxSlots,
  POINT_TABLES,
  REVEAL_MINUTES_MAX,
  REVEAL_MINUTES_MIN,
  START_MARGIN_MINUTES,
  STARTS_AT_MAX_DAYS,
  TEAM_SIZES,
} from '../../../../../server/domain/esports/rules'
import { DEFAULT_RAKE_BPS } from '../../../../../server/domain/prizes'
import { ButtonLink } from '../../../components/Button'
import { Card, PageHead } from '../../../components/Common'
import { formatMoney } from '../../../lib/format'
import styles from './esports.module.css'

/** `/contests/rules/{esports kind}`: the rules of a custom room, every number from rules.ts. */
export function EsportsRules({ kind }: { kind: EsportsKind }) {
  const info = ESPORTS_KINDS[kind]
  const game = ESPORTS_GAMES[info.game]
  const table = POINT_TABLES[info.game]
  const rake = DEFAULT_RAKE_BPS / 100
  return (
    <div className={styles.page} data-testid="esports-rules" data-kind={kind}>
      <PageHead
        title={`${info.name} rules`}
        subtitle={info.description}
        actions={
          <ButtonLink to={`/contests/create/${kind}`} small data-testid="rules-create">
            Host a contest
          </ButtonLink>
        }
      />
      <ModesCard info={info} game={game} />
      <PointsCard table={table} />
      <TimelineCard />
      <MoneyCard rake={rake} />
      <HostCard game={game} />
    </div>
  )
}

function ModesCard({
  info,
  game,
}: {
  info: (typeof ESPORTS_KINDS)[EsportsKind]
  game: (typeof ESPORTS_GAMES)[keyof typeof ESPORTS_GAMES]
}) {
  return (
    <Card>
      <h2>Modes and room</h2>
      <p>
        A {game.name} custom room holds {game.room_players} players. Squads join whole; a contest's slots are
        the squads it takes.
      </p>
      <table className={styles.table} data-testid="esports-modes">
        <thead>
          <tr>
            <th>Mode</th>
            <th>Squad size</th>
            <th>Slots</th>
          </tr>
        </thead>
        <tbody>
          {ESPORTS_MODES.map((m) => (
            <tr key={m}>
              <td>{m}</td>
              <td>{TEAM_SIZES[m]}</td>
              <td>
                {MIN_SQUADS_TO_PLAY}–{maxSlots(info.game, m)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.muted}>Maps: {game.maps.join(', ')}.</p>
    </Card>
  )
}

function PointsCard({ table }: { table: (typeof POINT_TABLES)[keyof typeof POINT_TABLES] }) {
  return (
    <Card>
      <h2>Points</h2>
      <div className={styles.scroll}>
        <table className={styles.table} data-testid="esports-points">
          <thead>
            <tr>
              <th>Place</th>
              {table.placement.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: places are positions
                <th key={i}>{i + 1}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Points</td>
              {table.placement.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: places are positions
                <td key={i}>{p}</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <p className={styles.muted}>
        Plus {table.per_kill} point per kill; lower places score 0. Squads are ranked by points; tied squads
        share the prizes of the places they hold.
      </p>
    </Card>
  )
}

function TimelineCard() {
  return (
    <Card>
      <h2>Timeline</h2>
      <ul className={styles.rules}>
        <li>
          The host sets the start at least reveal time + {START_MARGIN_MINUTES} minutes ahead and at most{' '}
          {STARTS_AT_MAX_DAYS} days ahead.
        </li>
        <li>
          Room details (room id and password) go out {DEFAULT_REVEAL_MINUTES} minutes before the start unless
          the host picks {REVEAL_MINUTES_MIN}–{REVEAL_MINUTES_MAX} minutes. At that moment squads lock: nobody
          joins, leaves or changes squads.
        </li>
        <li>
          With fewer than {MIN_SQUADS_TO_PLAY} squads at the lock the contest is cancelled and every entry
          refunded.
        </li>
        <li>
          After the start the host (or an admin) enters every squad's place and kills; prizes are paid then.
        </li>
      </ul>
    </Card>
  )
}

function MoneyCard({ rake }: { rake: number }) {
  return (
    <Card>
      <h2>Money</h2>
      <ul className={styles.rules}>
        <li>
          Entry fee per player: ₹0–{formatMoney(ENTRY_FEE_MAX_PAISE / 100)} in whole rupees. A free room is
          private and has no prizes.
        </li>
        <li>
          Prize pool = entry fees less the {rake}% platform fee. Kill prizes (a fixed amount per kill, at most
          the fee less {rake}%) are paid first; placement prizes share what is left by squad rank.
        </li>
        <li>
          Refunds: leaving or being removed before the lock, the host cancelling before the lock, or too few
          squads at the lock — each entry fee back to your unused balance.
        </li>
        <li>
          Results look wrong? Raise a dispute from the contest page: the admins review it and may correct the
          results; corrections re-rank and adjust the payouts.
        </li>
      </ul>
    </Card>
  )
}

function HostCard({ game }: { game: (typeof ESPORTS_GAMES)[keyof typeof ESPORTS_GAMES] }) {
  return (
    <Card>
      <h2>Who may host</h2>
      <ul className={styles.rules}>
        <li>
          A verified {game.name} game account of level {HOST_LEVEL_MIN} or more (levels go to {GAME_LEVEL_MAX}
          ).
        </li>
        <li>
          Paid or public rooms also need a verified mobile and a paid contest played to its result, or an
          admin's grant (ask at most once every {ACCESS_REQUEST_COOLDOWN_HOURS} hours).
        </li>
        <li>At most {HOSTED_OPEN_MAX} open rooms of your own at once.</li>
      </ul>
    </Card>
  )
}
