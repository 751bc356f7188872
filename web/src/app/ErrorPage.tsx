import { Component, type ReactNode, useEffect } from 'react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import styles from '../components/error-page.module.css'
import { NotFoundPage } from '../components/NotFoundPage'
import { isChunkLoadError, reloadOnceForStaleChunks } from '../lib/chunk-reload'
import { usePageTitle } from '../lib/page-title'

/** The route error element: a crashed page shows this instead of a blank screen. */
export function ErrorPage() {
  usePageTitle('Something went wrong')
  return (
    <LastResort>
      <ErrorDetails />
    </LastResort>
  )
}

function ErrorDetails() {
  const error = useRouteError()
  const chunk = isChunkLoadError(error)
  useEffect(() => {
    if (chunk) reloadOnceForStaleChunks()
  }, [chunk])
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  const message =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : String(error)
  return (
    <div className={styles.wrap} role="alert">
      <div className={styles.code}>OOPS</div>
      <h1 className={styles.title}>Something went wrong</h1>
      <p className={styles.text}>
        {chunk
          ? 'This page was updated while you had it open. Reload to get the new version.'
          : 'This page hit an error and could not be shown.'}
      </p>
      {message && !chunk ? <pre className={styles.detail}>{message}</pre> : null}
      <div className={styles.actions}>
        <button type="button" className={styles.link} onClick={() => window.location.reload()}>
          RELOAD
        </button>
        <Link to="/" className={styles.link}>
          GO TO HOME
        </Link>
      </div>
    </div>
  )
}

/** If even the error page fails, this plain text is what remains (spec §8). */
class LastResort extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div className={styles.wrap} role="alert">
        <p className={styles.text}>An error occurred while showing the error page</p>
        {/* A plain anchor: the router itself may be what failed. */}
        <a href="/" className={styles.link}>
          GO TO HOME
        </a>
      </div>
    )
  }
}
