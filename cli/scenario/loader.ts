import fs from 'node:fs'
import path from 'node:path'
import { type Document, LineCounter, parseDocument } from 'yaml'
import { z } from 'zod'
import { STEP_KINDS, stepKindByKey } from './steps'
import { asNone } from './steps/common'
import type { StepKind } from './types'

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

const USER_NAME = /^[A-Za-z][A-Za-z0-9_]*$/
export const RESERVED_VARS = ['run_id', 'server_url']

const UserSpec = z.preprocess(
  (value) => value ?? {},
  z
    .strictObject({
      role: z.enum(['player', 'admin']).default('player'),
      create: z.boolean().default(true),
      full_name: z.string().min(1).optional(),
      email: z.email('is not a valid e-mail address').optional(),
      password: z.string().min(8, 'must be at least 8 characters').optional(),
    })
    .refine((u) => u.role === 'player' || (u.password === undefined && u.email === undefined && u.create), {
      message:
        'an admin is the server’s admin account: it takes no email or password and is always signed in',
    })
    .refine((u) => u.email === undefined || u.password !== undefined, {
      message: 'an existing account (email:) needs its password:',
    })
    .refine((u) => u.email === undefined || u.full_name === undefined, {
      message: 'full_name is for accounts the scenario signs up, not for an existing account (email:)',
    }),
)
export type UserSpec = z.infer<typeof UserSpec>

const ScenarioSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  seed: z.number().int().optional(),
  seed_demo_league: z.boolean().optional(),
  /** Every step soft: a failed step is recorded and the scenario goes on (it still fails). */
  soft: z.boolean().optional(),
  users: z
    .record(z.string(), UserSpec)
    .superRefine((users, ctx) => {
      // Checked here rather than as a key schema, so the message names the user.
      for (const name of Object.keys(users)) {
        if (!USER_NAME.test(name))
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'user names are letters, digits and _, starting with a letter',
          })
        else if (RESERVED_VARS.includes(name) || name === 'none')
          ctx.addIssue({ code: 'custom', path: [name], message: 'is a reserved name' })
      }
    })
    .optional(),
  steps: z.array(z.record(z.string(), z.unknown(), 'each step is a mapping (key: value)')).min(1),
})

export interface LoadedStep {
  index: number
  name: string
  kind: StepKind
  def: unknown
  /** `soft: true`: a failure of this step does not stop the scenario. */
  soft?: boolean
}

export interface LoadedScenario {
  file: string
  name: string
  description?: string
  seed?: number
  seedDemoLeague: boolean
  soft?: boolean
  users: Record<string, UserSpec>
  steps: LoadedStep[]
}

type Where = (pathParts: PropertyKey[]) => string

function locator(doc: Document, lines: LineCounter): Where {
  return (parts) => {
    // The deepest node that exists: a missing key is reported at its parent mapping.
    for (let n = parts.length; n >= 0; n--) {
      const node = doc.getIn(parts.slice(0, n) as unknown[], true) as
        | { range?: [number, number, number] }
        | undefined
      if (node?.range) return `line ${lines.linePos(node.range[0]).line}`
    }
    return 'line ?'
  }
}

export function formatIssuePath(parts: PropertyKey[]): string {
  return parts.reduce<string>(
    (out, p) => (typeof p === 'number' ? `${out}[${p}]` : out ? `${out}.${String(p)}` : String(p)),
    '',
  )
}

function issues(error: z.ZodError, prefix: PropertyKey[], where: Where): string[] {
  return error.issues.map((issue) => {
    const parts = [...prefix, ...issue.path]
    const label = formatIssuePath(parts)
    return `${where(parts)}: ${label ? `${label}: ` : ''}${issue.message}`
  })
}

/** Reads and validates one file; every problem in it is reported at once. */
export function loadScenarioFile(file: string): LoadedScenario {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new ScenarioFormatError(file, [
      `cannot read the file (${(error as NodeJS.ErrnoException).code ?? error})`,
    ])
  }
  return parseScenario(text, file)
}

/**
 * YAML syntax errors: the first few (later ones are usually echoes of the first), plus a
 * hint for the most common slip, an unquoted `${…}` inside `{ … }` (YAML reads its `{`).
 */
function syntaxProblems(
  text: string,
  errors: Array<{ message: string; linePos?: [{ line: number }, ...unknown[]] }>,
) {
  const problems = errors.slice(0, 3).map((e) => e.message.split('\n')[0] as string)
  if (errors.length > 3) problems.push(`… and ${errors.length - 3} more`)
  const sourceLines = text.split('\n')
  const unquoted = errors.find((e) => {
    const line = e.linePos ? sourceLines[e.linePos[0].line - 1] : undefined
    return line !== undefined && /(^|[\s:,[{])[^\s"'[{][^"']*\$\{/.test(line)
  })
  if (unquoted)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the hint shows the scenario syntax
    problems.push('hint: quote values that contain ${…} inside { … } or [ … ], e.g. { name: "x_${run_id}" }')
  return problems
}

export function parseScenario(text: string, file = '<inline>'): LoadedScenario {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines })
  if (doc.errors.length > 0) throw new ScenarioFormatError(file, syntaxProblems(text, doc.errors))
  const where = locator(doc, lines)
  const raw = doc.toJS()
  if (raw === null || raw === undefined)
    throw new ScenarioFormatError(file, ['the file is empty; a scenario needs at least name and steps'])
  const top = ScenarioSchema.safeParse(raw)
  if (!top.success) throw new ScenarioFormatError(file, issues(top.error, [], where))
  const users = top.data.users ?? {}
  const problems: string[] = []
  const keys = STEP_KINDS.map((k) => k.key).join(', ')
  const steps: LoadedStep[] = []
  top.data.steps.forEach((step, i) => {
    const at: PropertyKey[] = ['steps', i]
    const found = Object.keys(step).filter((key) => stepKindByKey(key))
    if (found.length !== 1) {
      const saw = Object.keys(step).join(', ') || 'nothing'
      problems.push(
        `${where(at)}: steps[${i}]: ${found.length === 0 ? `a step needs one of ${keys} (found ${saw})` : `a step has one kind, found ${found.join(' and ')}`}`,
      )
      return
    }
    const kind = stepKindByKey(found[0] as string) as StepKind
    // `soft:` is the runner's, on any kind of step; the kind's schema sees the rest.
    const { soft, ...own } = step as { soft?: unknown }
    if (soft !== undefined && typeof soft !== 'boolean')
      problems.push(`${where([...at, 'soft'])}: steps[${i}].soft: must be true or false`)
    const parsed = kind.schema.safeParse(own)
    if (!parsed.success) {
      problems.push(...issues(parsed.error, at, where))
      return
    }
    for (const name of kind.usersOf?.(parsed.data) ?? []) {
      if (asNone(name) || (name as string).includes('${') || Object.hasOwn(users, name as string)) continue
      const declared = Object.keys(users).join(', ') || 'none'
      problems.push(`${where(at)}: steps[${i}]: unknown user ${name} (users: ${declared})`)
    }
    const given = (step as { name?: unknown }).name
    steps.push({
      index: i + 1,
      name: typeof given === 'string' ? given : kind.describe(parsed.data),
      kind,
      def: parsed.data,
      ...(soft === true ? { soft } : {}),
    })
  })
  if (problems.length > 0) throw new ScenarioFormatError(file, problems)
  return {
    file,
    name: top.data.name,
    description: top.data.description,
    seed: top.data.seed,
    seedDemoLeague: top.data.seed_demo_league ?? false,
    ...(top.data.soft ? { soft: true } : {}),
    users,
    steps,
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
