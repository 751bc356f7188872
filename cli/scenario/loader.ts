import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { type FixtureCache, loadFixtures } from './fixtures'
import { ExamplesSchema, expandOutline, type Row, rowProblems } from './outline'
import {
  issues,
  type LoadedStep,
  parseSteps,
  RESERVED_VARS,
  readYaml,
  StepsSchema,
  type UserSpec,
  UsersSchema,
  VarsSchema,
} from './scenario-parts'

export type { FixtureCache } from './fixtures'
export type { LoadedStep, UserSpec } from './scenario-parts'

/** A scenario file that cannot run: bad YAML, an unknown key, a missing field … (exit code 2). */
export class ScenarioFormatError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: not a valid scenario\n${problems.map((p) => `  ${p}`).join('\n')}`)
    this.name = 'ScenarioFormatError'
  }
}

/** `tags:` — short lowercase words chosen with --tag / --skip-tag. */
export const TAG = /^[a-z0-9][a-z0-9_-]*$/
const Tags = z.array(z.string().regex(TAG, 'a tag is lowercase letters, digits, - and _ (e.g. auction)'))
const ScenarioSchema = z.strictObject({
  name: z.string().min(1),
  tags: Tags.optional(),
  fixtures: z.array(z.string().min(1)).optional(),
  vars: VarsSchema.optional(),
  examples: ExamplesSchema.optional(),
  description: z.string().optional(),
  seed: z.number().int().optional(),
  seed_demo_league: z.boolean().optional(),
  /** Every step soft: a failed step is recorded and the scenario goes on (it still fails). */
  soft: z.boolean().optional(),
  users: UsersSchema.optional(),
  steps: StepsSchema.min(1),
})

export interface LoadedScenario {
  file: string
  name: string
  description?: string
  /** `tags:` as written (none: []). */
  tags: string[]
  /** Constants from `vars:` (the fixtures' first) and, in an outline's run, the row's values. */
  vars: Record<string, unknown>
  /** An outline's table (`examples:`), before expandOutline() turns it into one scenario per row. */
  examples?: Row[]
  /** In one run of an outline: its row (1-based) and values. */
  row?: { index: number; values: Row }
  seed?: number
  seedDemoLeague: boolean
  soft?: boolean
  users: Record<string, UserSpec>
  steps: LoadedStep[]
}

/** Reads and validates one file; every problem in it is reported at once. */
export function loadScenarioFile(file: string, cache?: FixtureCache): LoadedScenario {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new ScenarioFormatError(file, [
      `cannot read the file (${(error as NodeJS.ErrnoException).code ?? error})`,
    ])
  }
  return parseScenario(text, file, cache)
}

/** One file as the runs it makes: a scenario, or an outline's one run per row of `examples:`. */
export function loadScenarioRuns(file: string, cache?: FixtureCache): LoadedScenario[] {
  return expandOutline(loadScenarioFile(file, cache))
}

export function parseScenario(text: string, file = '<inline>', cache?: FixtureCache): LoadedScenario {
  const yaml = readYaml(text)
  if ('problems' in yaml) throw new ScenarioFormatError(file, yaml.problems)
  const { raw, where } = yaml
  if (raw === null || raw === undefined)
    throw new ScenarioFormatError(file, ['the file is empty; a scenario needs at least name and steps'])
  const top = ScenarioSchema.safeParse(raw)
  if (!top.success) throw new ScenarioFormatError(file, issues(top.error, [], where))
  const problems: string[] = []
  const fixtures = loadFixtures(top.data.fixtures ?? [], file, where, problems, cache)
  const users = { ...fixtures.users, ...(top.data.users ?? {}) }
  for (const name of Object.keys(top.data.users ?? {}))
    if (Object.hasOwn(fixtures.users, name))
      problems.push(
        `${where(['users', name])}: users.${name}: already declared by ${fixtures.userFrom[name]}`,
      )
  const vars = { ...fixtures.vars, ...(top.data.vars ?? {}) }
  for (const name of Object.keys(top.data.vars ?? {}))
    if (Object.hasOwn(users, name) || RESERVED_VARS.includes(name))
      problems.push(`${where(['vars', name])}: vars.${name}: is the name of a user or a reserved variable`)
  if (top.data.examples) problems.push(...rowProblems(top.data.examples, users, where))
  const own = parseSteps(top.data.steps, users, where, problems, fixtures.steps.length)
  if (problems.length > 0) throw new ScenarioFormatError(file, problems)
  return {
    file,
    name: top.data.name,
    description: top.data.description,
    seed: top.data.seed,
    seedDemoLeague: top.data.seed_demo_league ?? false,
    ...(top.data.soft ? { soft: true } : {}),
    users,
    steps: [...fixtures.steps, ...own],
    tags: top.data.tags ?? [],
    vars,
    ...(top.data.examples ? { examples: top.data.examples } : {}),
  }
}

/** Files named on the command line: a directory means every *.yaml / *.yml in it, sorted. */
export function collectScenarioFiles(paths: string[]): { files: string[]; problems: string[] } {
  const files: string[] = []
  const problems: string[] = []
  for (const given of paths) {
    let stat: fs.Stats
    try {
      stat = fs.statSync(given)
    } catch {
      problems.push(`${given}: no such file or directory`)
      continue
    }
    if (stat.isDirectory()) {
      const inDir = fs
        .readdirSync(given)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => path.join(given, f))
      if (inDir.length === 0) problems.push(`${given}: no *.yaml files in this directory`)
      files.push(...inDir)
    } else files.push(given)
  }
  return { files: [...new Set(files)], problems }
}
