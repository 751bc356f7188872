import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { Avatar } from '../components/Common'
import { BellIcon, CloseIcon, MenuIcon } from '../components/Icons'
import { Logo } from '../components/Logo'
import { notificationsQuery } from '../features/notifications/api'
import { useLiveNotifications } from '../features/notifications/live'
import { formatMoney, formatNumber, trimText } from '../lib/format'
import { useMe } from '../lib/me'
import { LOGIN_PATH } from '../lib/paths'
import { cachedMe } from '../lib/session'
import { useSignedIn } from '../lib/use-session'
import styles from './AppShell.module.css'
import { bottomItems, menuItems } from './nav'

/** The frame of every in-app page: top bar, menu (drawer or side bar), bottom bar on phones. */
export function AppShell() {
  const signedIn = useSignedIn()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const location = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes
  useEffect(() => setDrawerOpen(false), [location.pathname])
  useLiveNotifications(signedIn)

  return (
    <div className={styles.shell}>
      <TopBar signedIn={signedIn} onMenu={() => setDrawerOpen(true)} />
      <div className={styles.body}>
        <aside className={styles.side} aria-label="Menu">
          <MenuContent signedIn={signedIn} />
        </aside>
        <main className={styles.main} id="main">
          <Outlet />
        </main>
      </div>
      <BottomNav signedIn={signedIn} onMenu={() => setDrawerOpen(true)} />
      {drawerOpen ? (
        <div className={styles.backdrop} onClick={() => setDrawerOpen(false)} aria-hidden="true" />
      ) : null}
      <nav
        className={`${styles.drawer} ${drawerOpen ? styles.drawerOpen : ''}`}
        aria-label="Main menu"
        aria-hidden={!drawerOpen}
        inert={!drawerOpen}
      >
        <button
          type="button"
          className={styles.drawerClose}
          onClick={() => setDrawerOpen(false)}
          aria-label="Close menu"
        >
          <CloseIcon />
        </button>
        <MenuContent signedIn={signedIn} />
      </nav>
    </div>
  )
}

function TopBar({ signedIn, onMenu }: { signedIn: boolean; onMenu: () => void }) {
  const me = useMe(signedIn)
  const notifications = useInfiniteQuery({ ...notificationsQuery, enabled: signedIn, meta: { silent: true } })
  const unread = notifications.data?.pages[0]?.unread_count ?? 0
  const balance = me.data?.current_balance ?? cachedMe().balance
  return (
    <header className={styles.topbar}>
      <button type="button" className={styles.iconButton} onClick={onMenu} aria-label="Open menu">
        <MenuIcon />
      </button>
      <Logo className={styles.logo} label="Fanspole home" />
      <div className={styles.topActions}>
        {signedIn ? (
          <>
            <Link to="/wallet" className={styles.balance} data-testid="balance-chip" title="Current balance">
              {formatMoney(balance ?? 0)}
            </Link>
            <Link
              to="/notifications"
              className={styles.iconButton}
              aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
            >
              <BellIcon />
              {unread > 0 ? (
                <span className={styles.badge} data-testid="unread-count">
                  {unread > 99 ? '99+' : formatNumber(unread)}
                </span>
              ) : null}
            </Link>
          </>
        ) : (
          <Link to={LOGIN_PATH} className={styles.loginLink}>
            LOG IN
          </Link>
        )}
      </div>
    </header>
  )
}

function MenuContent({ signedIn }: { signedIn: boolean }) {
  const me = useMe(signedIn)
  const cached = cachedMe()
  const name = me.data?.display_name ?? cached.displayName
  const team = me.data?.team_name ?? cached.teamName
  const level = me.data?.cricket_level.level ?? cached.level
  const image = me.data?.image ?? cached.image
  return (
    <div className={styles.menu}>
      {signedIn ? (
        <Link to="/profile" className={styles.hello}>
          <Avatar src={image} name={name} size={52} />
          <span>
            <strong className={styles.helloName}>Hi, {trimText(name ?? 'player', 18)}</strong>
            {team ? <span className={styles.helloTeam}>{trimText(team, 24)}</span> : null}
            {level ? <span className={styles.level}>Level {level}</span> : null}
          </span>
        </Link>
      ) : (
        <div className={styles.hello}>
          <span>
            <strong className={styles.helloName}>Welcome to Fanspole</strong>
            <span className={styles.helloTeam}>Log in to play contests and auctions</span>
          </span>
        </div>
      )}
      <ul className={styles.menuList}>
        {menuItems(signedIn).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className={({ isActive }) => (isActive ? styles.active : undefined)}>
              {item.icon}
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <div className={styles.legal}>
        <Link to="/terms-and-conditions">Terms</Link>
        <Link to="/privacy-policy">Privacy</Link>
        <Link to="/android-app">App</Link>
        <Link to="/shutdown">Notice</Link>
      </div>
    </div>
  )
}

function BottomNav({ signedIn, onMenu }: { signedIn: boolean; onMenu: () => void }) {
  return (
    <nav className={styles.bottom} aria-label="Quick links" data-testid="bottom-nav">
      {bottomItems(signedIn).map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end
          className={({ isActive }) => `${styles.bottomItem} ${isActive ? styles.bottomActive : ''}`}
        >
          {item.icon}
          <span>{item.short}</span>
        </NavLink>
      ))}
      <button type="button" className={styles.bottomItem} onClick={onMenu}>
        <MenuIcon />
        <span>More</span>
      </button>
    </nav>
  )
}
