import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import {
  issues,
  type LoadedStep,
  parseSteps,
  readYaml,
  StepsSchema,
  type UserSpec,
  UsersSchema,
  VarsSchema,
  type Where,
} from './scenario-parts'

/**
 * `fixtures: [fixtures/league.yaml]` — files of users, variables and steps shared by
 * scenarios. A fixture's own `fixtures:` come first; each file joins a scenario once however
 * many times it is named (a fixture used by two fixtures of one scenario runs once), and a file
 * that names itself, directly or through others, is refused.
 */
const FixtureSchema = z.strictObject({
  description: z.string().optional(),
  fixtures: z.array(z.string().min(1)).optional(),
  users: UsersSchema.optional(),
  vars: VarsSchema.optional(),
  steps: StepsSchema.optional(),
})

/** One fixture file's own part, in the order the files run. */
interface Unit {
  file: string
  users: Record<string, UserSpec>
  vars: Record<string, unknown>
  steps: LoadedStep[]
}

type Loaded = { units: Unit[] } | { problems: string[] }

/** Fixture files read in one run, by absolute path: each is read and checked once. */
export type FixtureCache = Map<string, Loaded>

export interface LoadedFixtures {
  users: Record<string, UserSpec>
  /** The fixture file that declared each user. */
  userFrom: Record<string, string>
  vars: Record<string, unknown>
  /** Numbered from 1, in the order they run (before the scenario's own). */
  steps: LoadedStep[]
}

/** The fixtures a file names (`list`, relative to `file`), merged; problems are added to `problems`. */
export function loadFixtures(
  list: string[],
  file: string,
  where: Where,
  problems: string[],
  cache: FixtureCache = new Map(),
): LoadedFixtures {
  const units: Unit[] = []
  list.forEach((given, i) => {
    const loaded = loadOne(path.join(path.dirname(file), given), [path.resolve(file)], cache)
    if ('problems' in loaded)
      problems.push(...loaded.problems.map((p) => `${where(['fixtures', i])}: fixtures[${i}]: ${p}`))
    else for (const unit of loaded.units) if (!units.some((u) => u.file === unit.file)) units.push(unit)
  })
  return merge(units, problems)
}

function merge(units: Unit[], problems: string[]): LoadedFixtures {
  const out: LoadedFixtures = { users: {}, userFrom: {}, vars: {}, steps: [] }
  for (const unit of units) {
    for (const [name, spec] of Object.entries(unit.users)) {
      if (Object.hasOwn(out.users, name))
        problems.push(`${unit.file}: users.${name}: already declared by ${out.userFrom[name]}`)
      out.users[name] = spec
      out.userFrom[name] = unit.file
    }
    Object.assign(out.vars, unit.vars)
    for (const step of unit.steps) out.steps.push({ ...step, index: out.steps.length + 1 })
  }
  return out
}

/** One fixture file and the ones it names, in run order (cached by absolute path). */
function loadOne(file: string, stack: string[], cache: FixtureCache): Loaded {
  const abs = path.resolve(file)
  if (stack.includes(abs)) {
    const chain = [...stack.slice(stack.indexOf(abs)), abs].map((f) => path.relative(process.cwd(), f))
    return { problems: [`fixtures form a cycle: ${chain.join(' → ')}`] }
  }
  const cached = cache.get(abs)
  if (cached) return cached
  const loaded = readFixture(file, [...stack, abs], cache)
  cache.set(abs, loaded)
  return loaded
}

function readFixture(file: string, stack: string[], cache: FixtureCache): Loaded {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    return { problems: [`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`] }
  }
  const bad = (list: string[]) => ({ problems: list.map((p) => `${file}: ${p}`) })
  const yaml = readYaml(text)
  if ('problems' in yaml) return bad(yaml.problems)
  const top = FixtureSchema.safeParse(yaml.raw ?? {})
  if (!top.success) return bad(issues(top.error, [], yaml.where))
  const problems: string[] = []
  const units: Unit[] = []
  for (const [i, given] of (top.data.fixtures ?? []).entries()) {
    const inner = loadOne(path.join(path.dirname(file), given), stack, cache)
    if ('problems' in inner)
      problems.push(...inner.problems.map((p) => `${yaml.where(['fixtures', i])}: ${p}`))
    else for (const unit of inner.units) if (!units.some((u) => u.file === unit.file)) units.push(unit)
  }
  const users = top.data.users ?? {}
  const visible = { ...Object.fromEntries(units.flatMap((u) => Object.entries(u.users))), ...users }
  const steps = parseSteps(top.data.steps ?? [], visible, yaml.where, problems)
  if (problems.length > 0) return bad(problems)
  units.push({ file, users, vars: top.data.vars ?? {}, steps })
  return { units }
}
