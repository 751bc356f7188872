import type { Debrief } from './api'
import styles from './debrief.module.css'
import { allBids, elapsed, lotAt, type ManagerLook, SPEEDS, type Speed } from './replay'
import type { Replay } from './use-replay'

/** The newest bids shown at once; the count says how many came before. */
const FEED_SIZE = 100

/** Play/pause, the speed and the scrubber over the auction's own time. */
export function Controls({ replay }: { replay: Replay }) {
  return (
    <div className={styles.controls} data-testid="debrief-controls">
      <button
        type="button"
        className={styles.button}
        onClick={replay.toggle}
        data-testid="debrief-play"
        aria-pressed={replay.playing}
      >
        {replay.playing ? 'Pause' : 'Play'}
      </button>
      <label className={styles.speed}>
        Speed{' '}
        <select
          value={String(replay.speed)}
          onChange={(e) =>
            replay.setSpeed((e.target.value === 'max' ? 'max' : Number(e.target.value)) as Speed)
          }
          data-testid="debrief-speed"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={String(s)}>
              {s === 'max' ? 'max' : `${s}×`}
            </option>
          ))}
        </select>
      </label>
      <input
        className={styles.scrubber}
        type="range"
        min={replay.start}
        max={replay.end}
        // Any moment: an auction run by bots may last less than a second.
        step="any"
        value={replay.t}
        onChange={(e) => {
          replay.pause()
          replay.seek(Number(e.target.value))
        }}
        aria-label="Auction time"
        data-testid="debrief-scrubber"
      />
      <span className={styles.time} data-testid="debrief-time">
        {elapsed(replay.t - replay.start)} / {elapsed(replay.end - replay.start)}
      </span>
    </div>
  )
}

/** The lot at the replay's moment: the player, the price so far and its leader, or how it ended. */
export function LotNow({ d, t, look }: { d: Debrief; t: number; look: ManagerLook }) {
  const { lot, closed } = lotAt(d, t)
  if (!lot)
    return (
      <section className={styles.lot} data-testid="debrief-lot">
        <p className={styles.muted}>The first lot is about to open.</p>
      </section>
    )
  const last = lot.bids.filter((b) => b.at_in_millis <= t).at(-1)
  return (
    <section className={styles.lot} data-testid="debrief-lot" data-lot={lot.index}>
      <p className={styles.muted}>
        Lot {lot.index} of {d.lots.length}
        {lot.round === 'sealed' ? ' · sealed round' : ''}
      </p>
      <h2>{lot.player_name}</h2>
      <p className={styles.muted}>
        {[lot.role, lot.team].filter(Boolean).join(' · ')} · base {lot.base_price}
      </p>
      {closed ? (
        <p className={styles.result} data-testid="debrief-result">
          {lot.result === 'sold'
            ? `Sold to ${look.name(lot.manager_id)} for ${lot.price} (${lot.price_to_base}× base)`
            : 'Unsold'}
        </p>
      ) : (
        <p className={styles.result}>
          {last ? (
            <>
              <strong>{last.amount}</strong> · {look.name(last.manager_id)}
            </>
          ) : (
            'No bid yet'
          )}
        </p>
      )}
    </section>
  )
}

/** Every bid up to the moment, newest first, each with its manager (or anonymous id). */
export function BidFeed({ d, t, start, look }: { d: Debrief; t: number; start: number; look: ManagerLook }) {
  const bids = allBids(d).filter((b) => b.at <= t)
  const shown = bids.slice(-FEED_SIZE).reverse()
  return (
    <section className={styles.feed}>
      <h2 data-testid="debrief-count">
        {bids.length} of {d.bids_count} {d.bids_count === 1 ? 'bid' : 'bids'}
      </h2>
      <ol>
        {shown.map((b) => (
          <li
            key={`${b.lot.index}-${b.at}-${b.amount}`}
            data-testid="debrief-bid"
            data-manager-id={b.manager_id}
          >
            <span className={styles.time}>{elapsed(b.at - start)}</span>
            <span className={styles.swatch} style={{ background: look.colour(b.manager_id) }} />
            <span className={styles.who} data-testid="debrief-bidder">
              {look.name(b.manager_id)}
            </span>
            <span className={styles.muted}>{b.lot.player_name}</span>
            <strong>{b.amount}</strong>
          </li>
        ))}
      </ol>
      {bids.length > shown.length ? (
        <p className={styles.muted}>…and {bids.length - shown.length} earlier bids</p>
      ) : null}
    </section>
  )
}
