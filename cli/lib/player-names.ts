/**
 * Players named the way a person writes them ("Virat Kohli", "kohli", "V Kohli"), found in a
 * squad: by id, by full or display name (any case, accents ignored), else by a word of the name
 * when only one player has it. A miss lists the closest names, an ambiguous name its players.
 */
export interface NamedPlayer {
  id: number
  name: string
  display_name?: string
}

export type NameLookup<T> = { ok: true; player: T } | { ok: false; problem: string }

const normal = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** Edit distance (insertions, deletions, substitutions), two rows at a time. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = current
  }
  return previous[b.length] as number
}

const namesOf = (p: NamedPlayer) => [p.name, p.display_name ?? p.name].map(normal)

/** How far a written name is from a player: the nearest of their names and of their name's words. */
function distance(wanted: string, p: NamedPlayer): number {
  const candidates = namesOf(p).flatMap((n) => [n, ...n.split(' ')])
  return Math.min(...candidates.map((c) => editDistance(wanted, c)))
}

export function findPlayer<T extends NamedPlayer>(
  squad: readonly T[],
  written: string | number,
): NameLookup<T> {
  if (typeof written === 'number' || /^\d+$/.test(written)) {
    const player = squad.find((p) => p.id === Number(written))
    return player ? { ok: true, player } : { ok: false, problem: `no player ${written} in the squad` }
  }
  const wanted = normal(written)
  const exact = squad.filter((p) => namesOf(p).includes(wanted))
  const byWord = exact.length
    ? exact
    : squad.filter((p) => namesOf(p).some((n) => n.split(' ').includes(wanted) || n.endsWith(` ${wanted}`)))
  if (byWord.length === 1) return { ok: true, player: byWord[0] as T }
  if (byWord.length > 1)
    return {
      ok: false,
      problem: `"${written}" could be ${byWord.map((p) => `${p.name} (${p.id})`).join(', ')}: write the full name or the id`,
    }
  const close = [...squad]
    .map((p) => ({ p, d: distance(wanted, p) }))
    .sort((a, b) => a.d - b.d || a.p.id - b.p.id)
    .slice(0, 5)
    .map(({ p }) => `${p.name} (${p.id})`)
  return { ok: false, problem: `no player "${written}" in the squad; closest: ${close.join(', ')}` }
}
