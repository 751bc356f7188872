/**
 * A failed lazy chunk load (usually: the app was rebuilt while this tab was open) gets one
 * full page reload. It is done by the route error page, where the address already is the
 * page the user was going to, so the reload lands there. The time stamp in sessionStorage
 * stops a reload loop when the chunk is truly gone: then the error page shows instead.
 */
const FLAG = 'chunk_reload_at'

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}

/** Reloads unless this tab already reloaded for the same reason in the last 10 seconds. */
export function reloadOnceForStaleChunks(): boolean {
  const last = Number(sessionStorage.getItem(FLAG) ?? 0)
  if (Date.now() - last < 10_000) return false
  sessionStorage.setItem(FLAG, String(Date.now()))
  window.location.reload()
  return true
}
