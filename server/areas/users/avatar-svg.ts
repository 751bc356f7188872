/**
 * The avatar catalogue is drawn, not downloaded: each avatar is a small SVG player portrait
 * built from its number (background, skin tone, cap, jersey and shirt number), so the
 * product needs no image files and no network.
 */
export const AVATAR_NAMES = [
  'Opener',
  'Keeper',
  'Spinner',
  'Pacer',
  'Skipper',
  'Finisher',
  'Striker',
  'Playmaker',
  'Sweeper',
  'Goalie',
  'Pole Sitter',
  'Pit Crew',
  'Sniper',
  'Scout',
  'Medic',
  'Survivor',
  'Captain',
  'All-rounder',
  'Slogger',
  'Anchor',
  'Winger',
  'Libero',
  'Racer',
  'Champion',
] as const

export const AVATAR_COUNT = AVATAR_NAMES.length

const BACKGROUNDS = ['#3949ab', '#00897b', '#e53935', '#fb8c00', '#8e24aa', '#43a047', '#1e88e5', '#6d4c41']
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac']
const CAPS = ['#1a237e', '#b71c1c', '#004d40', '#f9a825', '#311b92', '#263238']
const JERSEYS = ['#ffca28', '#29b6f6', '#ef5350', '#66bb6a', '#ab47bc', '#ffffff', '#ff7043']

export function avatarSvg(n: number): string {
  const bg = BACKGROUNDS[n % BACKGROUNDS.length]
  const skin = SKIN[(n * 3) % SKIN.length]
  const cap = CAPS[(n * 5) % CAPS.length]
  const jersey = JERSEYS[(n * 7) % JERSEYS.length]
  const numberColour = jersey === '#ffffff' || jersey === '#ffca28' ? '#1a237e' : '#ffffff'
  const smile = n % 3 === 0 ? 'M54 76 Q64 84 74 76' : n % 3 === 1 ? 'M55 77 Q64 81 73 77' : 'M56 78 L72 78'
  const visor = n % 2 === 0 ? `<rect x="30" y="44" width="68" height="6" rx="3" fill="${cap}"/>` : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" role="img" aria-label="Avatar ${n}">
<rect width="128" height="128" rx="64" fill="${bg}"/>
<path d="M20 128 Q22 96 64 94 Q106 96 108 128 Z" fill="${jersey}"/>
<text x="64" y="122" font-family="Arial, sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="${numberColour}">${n}</text>
<rect x="56" y="80" width="16" height="16" fill="${skin}"/>
<circle cx="64" cy="62" r="24" fill="${skin}"/>
<path d="M38 56 Q40 30 64 30 Q88 30 90 56 Z" fill="${cap}"/>
${visor}
<circle cx="55" cy="64" r="3" fill="#212121"/>
<circle cx="73" cy="64" r="3" fill="#212121"/>
<path d="${smile}" stroke="#212121" stroke-width="3" fill="none" stroke-linecap="round"/>
</svg>`
}
