import { useEffect, useRef, useState } from 'react'
import { LiveRegion } from '../../components/LiveRegion'
import { useServerNow } from '../../lib/use-now'
import { useAuction } from './AuctionLayout'
import { lotAnnouncement, secondsAnnouncement, URGENT_SECONDS } from './announce'
import type { Lot } from './api'

/**
 * The bidding room read aloud: each bid (who, how much, who leads), each new player and each
 * result politely; the countdown's 10 and 5 politely, its 3, 2, 1 assertively. Mounted for as
 * long as the room is open, so a lot that closes is said too.
 */
export function RoomAnnouncer() {
  const { lot, me, managerById } = useAuction()
  const [said, setSaid] = useState('')
  const before = useRef<Lot | null>(null)
  const current = lot.data ?? null
  useEffect(() => {
    if (!current) return
    const nameOf = (id: number | null | undefined) =>
      id !== null && id !== undefined && id === me?.id
        ? 'You'
        : (managerById(id)?.franchise_name ??
          current.player_bids.find((b) => b.manager_id === id)?.franchise_name ??
          'A franchise')
    const message = lotAnnouncement(before.current, current, nameOf)
    before.current = current
    if (message) setSaid(message)
  }, [current, me, managerById])
  return (
    <>
      <LiveRegion message={said} testId="auction-announcer" />
      {current ? <CountdownAnnouncer lot={current} /> : null}
    </>
  )
}

function CountdownAnnouncer({ lot }: { lot: Lot }) {
  const now = useServerNow(200)
  const [polite, setPolite] = useState('')
  const [urgent, setUrgent] = useState('')
  const last = useRef<number | null>(null)
  const ends = lot.ends_at_in_millis
  const seconds =
    lot.paused || ends === null || !lot.bidding_player ? null : Math.ceil(Math.max(0, ends - now) / 1000)
  useEffect(() => {
    const before = last.current
    last.current = seconds
    if (seconds === null) return
    // Put back up by a bid: clear the urgent region so the same "3 seconds left" is said again.
    if (before !== null && seconds > before) setUrgent('')
    const word = secondsAnnouncement(before, seconds)
    if (word === null) return
    if (seconds <= URGENT_SECONDS) setUrgent(word)
    else {
      setUrgent('')
      setPolite(word)
    }
  }, [seconds])
  return (
    <>
      <LiveRegion message={polite} testId="countdown-announcer" />
      <LiveRegion message={urgent} politeness="assertive" testId="countdown-alert" />
    </>
  )
}
