import path from 'node:path'
import type { Hono } from 'hono'
import type { AppEnv } from './router'
import { fileUnder, IMMUTABLE, REVALIDATE, sendFile } from './static-files'

/**
 * The built web client from web/dist. Hashed assets (/assets/*) are cached for a year; every
 * other file, index.html and the SPA fallback (index.html for any other GET, so client-side
 * routes work on reload) are revalidated by ETag on each use. All are sent precompressed when
 * the browser accepts it (the build writes the .br and .gz copies). Paths `isServerPath` names
 * (the API, /cable) never fall through to the client.
 */
export function mountWebClient(
  app: Hono<AppEnv>,
  dist: string,
  isServerPath: (path: string) => boolean,
): void {
  const root = path.resolve(dist)
  const indexFile = path.join(root, 'index.html')
  // A missing hashed asset is a real 404 (an old page asking for a chunk of a previous
  // build), not the client's index.html; the client reloads once when a chunk fails.
  app.get('/assets/*', async (c) => {
    const file = fileUnder(root, c.req.path)
    return (file && (await sendFile(c, file, IMMUTABLE))) || c.text('Not found', 404)
  })
  app.get('*', async (c, next) => {
    if (isServerPath(c.req.path)) return next()
    const file = c.req.path === '/' ? indexFile : fileUnder(root, c.req.path)
    const found =
      (file && (await sendFile(c, file, REVALIDATE))) || (await sendFile(c, indexFile, REVALIDATE))
    // Looked up per request, so a server started before `npm run build` serves the client once built.
    return (
      found ||
      c.text('The web client is not built yet. Run `npm run build` (npm start does it for you).', 503)
    )
  })
}
