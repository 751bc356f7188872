/**
 * `npm run bench [-- <name>…]`: runs the named benchmarks (default: all) and prints, for
 * each, its report lines and a final line of JSON with the figures. Never part of `npm test`.
 */
import { platformBench } from './platform'

const BENCHES: Record<string, () => Promise<Record<string, unknown>>> = {
  platform: platformBench,
}

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const names = wanted.length > 0 ? wanted : Object.keys(BENCHES)
for (const name of names) {
  const bench = BENCHES[name]
  if (!bench) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHES).join(', ')}`)
    process.exit(2)
  }
  console.log(`== ${name}`)
  const figures = await bench()
  console.log(JSON.stringify({ bench: name, ...figures }))
}
