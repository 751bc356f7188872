import { createRouter } from '../../http/router'
import { AVATAR_COUNT, avatarSvg } from './avatar-svg'

/** Drawn images: /media/avatars/{n}.svg. */
export function mediaRoutes() {
  const app = createRouter()
  app.get('/media/avatars/:file', (c) => {
    const match = /^(\d+)\.svg$/.exec(c.req.param('file'))
    const n = match ? Number(match[1]) : 0
    if (!match || n < 1 || n > AVATAR_COUNT) return c.notFound()
    c.header('Content-Type', 'image/svg+xml')
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(avatarSvg(n))
  })
  return app
}
