import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { rememberPath } from '../lib/session'
import { useServerClockSync } from '../lib/use-now'
import { ProgressBar } from './Progress'
import { Snackbar } from './Snackbar'

/** Around every page: the progress bar, the snackbar, the last-visited-path memory and the server clock. */
export function RootLayout() {
  const location = useLocation()
  useServerClockSync()
  useEffect(() => {
    rememberPath(location.pathname + location.search)
  }, [location.pathname, location.search])

  return (
    <>
      <ProgressBar />
      <Outlet />
      <Snackbar />
      <ScrollRestoration />
    </>
  )
}
