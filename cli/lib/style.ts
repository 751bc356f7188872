/** ANSI styling that becomes a no-op when colours are off (not a TTY, NO_COLOR, --json). */
export interface Style {
  bold(text: string): string
  dim(text: string): string
  red(text: string): string
  green(text: string): string
  yellow(text: string): string
  cyan(text: string): string
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`

const ON: Style = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  red: wrap(31, 39),
  green: wrap(32, 39),
  yellow: wrap(33, 39),
  cyan: wrap(36, 39),
}

const same = (text: string) => text
const OFF: Style = { bold: same, dim: same, red: same, green: same, yellow: same, cyan: same }

export function style(color: boolean): Style {
  return color ? ON : OFF
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
const ANSI = /\u001b\[[0-9;]*m/g

/** Columns a string takes on screen: ANSI escapes take none, and each code point one. */
export function visibleWidth(text: string): number {
  return [...text.replace(ANSI, '')].length
}
