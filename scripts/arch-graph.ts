/**
 * `npm run arch:graph`: draws the server's import graph, one node per area (server/areas/X) or layer
 * (server/domain, db, lib, http, sim, cable; `entry` for app/boot/main/index, `deps` for deps/config), from dependency-cruiser's own
 * output, into docs/architecture.md between the `areas-graph` markers: a Mermaid picture with the
 * nodes in layers (a node's layer is one above the highest node it imports) and the same layers as
 * a list. A knot (nodes that reach each other) would be drawn as one layer named "knot".
 * `--check` exits 1 when the page is stale; tests/unit/platform/architecture.test.ts runs it.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const ARCH_DOC = path.join(root, 'docs/architecture.md')
const START = '<!-- areas-graph:start (npm run arch:graph writes this part) -->'
const END = '<!-- areas-graph:end -->'

interface Cruised {
  modules: { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] }[]
}

/** The node a server file belongs to, or null outside the server (and for generated types). */
export function nodeOf(file: string): string | null {
  if (file.endsWith('.gen.ts')) return null
  const area = /^server\/areas\/([^/]+)\//.exec(file)
  if (area) return area[1] as string
  const layer = /^server\/([^/.]+)\//.exec(file)
  if (layer) return layer[1] as string
  // The entry files compose everything; deps.ts and config.ts are what everything is handed.
  if (/^server\/(app|boot|main|index)\.ts$/.test(file)) return 'entry'
  if (/^server\/[^/]+\.ts$/.test(file)) return 'deps'
  return null
}

export function serverGraph(cruised: Cruised): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>()
  for (const m of cruised.modules) {
    const from = nodeOf(m.source)
    if (!from) continue
    if (!edges.has(from)) edges.set(from, new Set())
    for (const d of m.dependencies) {
      const to = nodeOf(d.resolved)
      if (to && to !== from) edges.get(from)?.add(to)
    }
  }
  for (const targets of [...edges.values()])
    for (const t of targets) if (!edges.has(t)) edges.set(t, new Set())
  return edges
}

/** Strongly connected components (Tarjan); a component of more than one node is a knot. */
function components(edges: Map<string, Set<string>>): string[][] {
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const out: string[][] = []
  const visit = (v: string): void => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number))
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = []
      let w: string
      do {
        w = stack.pop() as string
        on.delete(w)
        comp.push(w)
      } while (w !== v)
      out.push(comp.sort())
    }
  }
  for (const v of [...edges.keys()].sort()) if (!idx.has(v)) visit(v)
  return out
}

/** Layers bottom-up: each component sits one above the highest component it imports. */
export function layers(edges: Map<string, Set<string>>): { level: number; nodes: string[]; knot: boolean }[] {
  const comps = components(edges) // Tarjan emits components after everything they reach
  const compOf = new Map<string, number>()
  comps.forEach((c, i) => {
    for (const n of c) compOf.set(n, i)
  })
  const level = new Map<number, number>()
  comps.forEach((c, i) => {
    let lv = 0
    for (const n of c)
      for (const t of edges.get(n) ?? []) {
        const j = compOf.get(t) as number
        if (j !== i) lv = Math.max(lv, (level.get(j) as number) + 1)
      }
    level.set(i, lv)
  })
  const byLevel = new Map<number, { nodes: string[]; knot: boolean }>()
  comps.forEach((c, i) => {
    const lv = level.get(i) as number
    const entry = byLevel.get(lv) ?? { nodes: [], knot: false }
    entry.nodes.push(...c)
    entry.knot ||= c.length > 1
    byLevel.set(lv, entry)
  })
  return [...byLevel.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([lv, e]) => ({ level: lv, nodes: e.nodes.sort(), knot: e.knot }))
}

export function drawing(edges: Map<string, Set<string>>): string {
  const ls = layers(edges)
  const id = (n: string) => n.replace(/[^a-z0-9]/gi, '_')
  const lines = ['```mermaid', 'flowchart BT']
  for (const l of ls) {
    lines.push(`  subgraph L${l.level}["layer ${l.level}${l.knot ? ' (knot)' : ''}"]`)
    for (const n of l.nodes) lines.push(`    ${id(n)}[${n}]`)
    lines.push('  end')
  }
  for (const [from, targets] of [...edges.entries()].sort())
    for (const to of [...targets].sort()) lines.push(`  ${id(from)} --> ${id(to)}`)
  lines.push('```', '')
  const knots = ls.filter((l) => l.knot).length
  lines.push(
    knots === 0
      ? 'Every import runs down a layer; no two nodes reach each other.'
      : `${knots} layer(s) hold a knot: nodes that reach each other.`,
    '',
  )
  for (const l of [...ls].reverse()) lines.push(`- layer ${l.level}: ${l.nodes.join(', ')}`)
  return lines.join('\n')
}

export function cruiseServer(): Cruised {
  const bin = path.join(root, 'node_modules/.bin/depcruise')
  const json = execFileSync(
    bin,
    ['server', '--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--exclude', '\\.gen\\.ts$'],
    { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
  )
  return JSON.parse(json) as Cruised
}

export function withDrawing(doc: string, picture: string): string {
  const block = `${START}\n\n${picture}\n\n${END}`
  const a = doc.indexOf(START)
  const b = doc.indexOf(END)
  if (a >= 0 && b > a) return doc.slice(0, a) + block + doc.slice(b + END.length)
  return `${doc.trimEnd()}\n\n## The import graph\n\nDrawn by \`npm run arch:graph\` from dependency-cruiser's output (\`.dependency-cruiser.cjs\`): one node per area or layer of \`server/\`, arrows for imports (types included).\n\n${block}\n`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const doc = readFileSync(ARCH_DOC, 'utf8')
  const next = withDrawing(doc, drawing(serverGraph(cruiseServer())))
  if (process.argv.includes('--check')) {
    if (next !== doc) {
      console.error('docs/architecture.md: the import graph is stale; run `npm run arch:graph`')
      process.exit(1)
    }
  } else {
    writeFileSync(ARCH_DOC, next)
    console.log('docs/architecture.md: import graph written')
  }
}
