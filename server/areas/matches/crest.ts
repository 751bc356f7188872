import type { Deps } from '../../core/deps'
import { createRouter } from '../../http/router'

/** Black or white, whichever reads better on `hex`. */
function ink(hex: string): string {
  const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255]
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#14142b' : '#ffffff'
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A side's crest, drawn from its colour and short name: the `flag_photo` of matches. */
export function crestSvg(nameAttr: string, color: string): string {
  const code = escapeXml(nameAttr.slice(0, 4))
  const size = code.length > 3 ? 30 : 36
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" role="img" aria-label="${code}">
<path d="M60 6 L106 22 V60 C106 88 86 106 60 114 C34 106 14 88 14 60 V22 Z" fill="${escapeXml(color)}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>
<path d="M60 18 L94 30 V60 C94 80 80 94 60 101" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="6"/>
<text x="60" y="${66 + size / 4}" font-family="Arial, sans-serif" font-size="${size}" font-weight="800" text-anchor="middle" fill="${ink(color)}">${code}</text>
</svg>`
}

export function crestRoutes(deps: Deps) {
  const app = createRouter()
  app.get('/media/teams/:file', async (c) => {
    const match = /^(\d+)\.svg$/.exec(c.req.param('file'))
    const team = match
      ? await deps.db
          .selectFrom('real_teams')
          .select(['name_attr', 'team_color'])
          .where('id', '=', Number(match[1]))
          .executeTakeFirst()
      : undefined
    if (!team) return c.text('Not found', 404)
    c.header('Content-Type', 'image/svg+xml')
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(crestSvg(team.name_attr, team.team_color))
  })
  return app
}
