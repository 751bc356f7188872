import { Link, Outlet } from 'react-router'
import { Logo } from '../components/Logo'
import styles from './AuthLayout.module.css'

/** Sign-in, sign-up and password pages: a focused card, no menus. */
export function AuthLayout() {
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <Logo className={styles.logo} />
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.foot}>
        <Link to="/help">Help</Link>
        <Link to="/terms-and-conditions">Terms</Link>
        <Link to="/privacy-policy">Privacy</Link>
        <Link to="/about-us">About us</Link>
      </footer>
    </div>
  )
}
