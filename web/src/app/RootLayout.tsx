import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { rememberPath } from '../lib/session'
import { ProgressBar } from './Progress'
import { Snackbar } from './Snackbar'

/** Around every page: the progress bar, the snackbar and the last-visited-path memory. */
export function RootLayout() {
  const location = useLocation()
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
