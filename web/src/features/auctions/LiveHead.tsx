import { NavLink } from 'react-router'
import head from '../../components/detail-head.module.css'
import { ChevronLeftIcon } from '../../components/Icons'
import type { Auction } from './api'
import styles from './auctions.module.css'
import { StatusChip } from './bits'

/** The top of an auction's or a tournament's pages: back to the list, its name, status and live feed. */
export function LiveHead({
  back,
  backLabel,
  name,
  status,
  connected,
}: {
  back: string
  backLabel: string
  name: string
  status: Pick<Auction, 'phase' | 'paused'>
  connected: boolean
}) {
  return (
    <>
      <NavLink to={back} className={head.back}>
        <ChevronLeftIcon width={16} height={16} /> {backLabel}
      </NavLink>
      <header className={styles.auctionHead}>
        <h1 className={head.title}>{name}</h1>
        <StatusChip auction={status} />
        <span
          className={styles.liveDot}
          data-testid="live-indicator"
          data-connected={connected}
          title={connected ? 'Live' : 'Connecting..'}
        />
      </header>
    </>
  )
}

/** The tabs of a page under `base`: `tab('players', 'Players')` links to `base/players`, marked while open. */
export const tabsUnder = (base: string) => (to: string, label: string) => (
  <NavLink to={`${base}/${to}`} className={({ isActive }) => (isActive ? styles.tabActive : styles.tab)}>
    {label}
  </NavLink>
)
