/**
 * Text on a colour that comes with the data (a side's kit, a franchise's colour): whichever of
 * white and black has the higher WCAG contrast ratio on it. One of the two always reaches 4.5:1
 * (the worst case, a mid-tone, gets about 4.6 from either); a softer ink than black would leave
 * mid-tones such as #0088b7 under it.
 */
const DARK = '#000000'

export function rgbOf(hex: string): [number, number, number] {
  const h = hex.replace('#', '')
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h.padEnd(6, '0')
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) || 0) as [number, number, number]
}

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

export function readableOn(hex: string): string {
  const bg = luminance(rgbOf(hex))
  const onWhite = 1.05 / (bg + 0.05)
  const onDark = (bg + 0.05) / (luminance(rgbOf(DARK)) + 0.05)
  return onWhite >= onDark ? '#ffffff' : DARK
}

/** A tag's colours on a data colour, or the theme's surface when there is none. */
export const onDataColour = (hex: string | null | undefined) =>
  hex ? { background: hex, color: readableOn(hex) } : { background: 'var(--surface-3)', color: 'var(--text)' }
