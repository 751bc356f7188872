import { useIsFetching, useIsMutating } from '@tanstack/react-query'
import NProgress from 'nprogress'
import { useEffect } from 'react'
import { useNavigation } from 'react-router'

/** Requests and navigations shorter than this never show the bar (no flashing). */
const THROTTLE_MS = 200

NProgress.configure({ showSpinner: false, trickleSpeed: 200, minimum: 0.12 })

/** The spec's 2px red top bar: on while a navigation or any request runs. */
export function ProgressBar() {
  const navigating = useNavigation().state !== 'idle'
  const busy = useIsFetching() + useIsMutating() > 0
  const active = navigating || busy

  useEffect(() => {
    if (!active) {
      NProgress.done()
      return
    }
    const timer = window.setTimeout(() => NProgress.start(), THROTTLE_MS)
    return () => window.clearTimeout(timer)
  }, [active])

  return null
}
