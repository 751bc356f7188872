/**
 * `npm run bench [-- <name>… [--option value | --option=value]]`: runs the named benchmarks
 * (default: all) and prints, for each, its report lines and a final line of JSON with the
 * figures. Options go to every bench (e.g. `npm run bench -- scoring --teams 100000`).
 * Never part of `npm test`.
 */
import { auctionBench } from './auction'
import { cableBench } from './cable'
import { chatBench } from './chat'
import { cliBench } from './cli'
import { clockJumpBench } from './clock-jump'
import { clusterBench } from './cluster'
import { httpBench } from './http'
import { pageBench } from './page'
import { platformBench } from './platform'
import { scoringBench } from './scoring'

export type BenchOptions = Record<string, string | true>

const BENCHES: Record<string, (options: BenchOptions) => Promise<Record<string, unknown>>> = {
  platform: platformBench,
  scoring: scoringBench,
  auction: auctionBench,
  'clock-jump': clockJumpBench,
  http: httpBench,
  cluster: clusterBench,
  chat: chatBench,
  page: pageBench,
  cable: cableBench,
  cli: cliBench,
}

const names: string[] = []
const options: BenchOptions = {}
const args = process.argv.slice(2)
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string
  if (!arg.startsWith('--')) {
    names.push(arg)
    continue
  }
  const [key, value] = arg.slice(2).split('=', 2) as [string, string | undefined]
  const following = args[i + 1]
  // `--teams 100000`: a value follows unless the next word is a flag or a bench name.
  if (value !== undefined) options[key] = value
  else if (following !== undefined && !following.startsWith('--') && !(following in BENCHES)) {
    options[key] = following
    i++
  } else options[key] = true
}
for (const name of names.length > 0 ? names : Object.keys(BENCHES)) {
  const bench = BENCHES[name]
  if (!bench) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHES).join(', ')}`)
    process.exit(2)
  }
  console.log(`== ${name}`)
  const figures = await bench(options)
  console.log(JSON.stringify({ bench: name, ...figures }))
}
