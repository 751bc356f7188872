import { Command } from 'commander'
import type { z as Zod } from 'zod'
import { Api, type AuthMode } from './api'
import { idArgument } from './arguments'
import type { Io } from './io'
import { intFlag, type OptionSchema, parseOptions, resolveServer, withJson, withServer } from './options'
import type { Style } from './style'
import { type Column, formatTable } from './table'

// What nearly every command that talks to a server repeats: `--server` and `--json`, its
// options parsed before it runs, an Api for the server it names.

/** The two options every server command takes, to spread into its schema. */
export const serverJson = (z: typeof Zod) => ({
  server: z.string().optional(),
  json: z.boolean().default(false),
})

/** `fanspole <name> …`: a group of `commands`, with `help` (examples, notes) after its own help. */
export function commandGroup(name: string, summary: string, commands: Command[], help?: string): Command {
  const group = new Command(name).summary(summary)
  if (help !== undefined) group.addHelpText('after', help)
  for (const command of commands) group.addCommand(command)
  return group
}

/** The options of a server command: its own `fields` and `--server` and `--json`. */
export const serverOptions =
  <F extends Zod.ZodRawShape>(fields: (z: typeof Zod) => F) =>
  (z: typeof Zod) =>
    z.object({ ...fields(z), ...serverJson(z) })

/** The options of a server command that lists pages: `--page`, `--per-page` (see pageFlags). */
export const pagedOptions = (maxPerPage: number, perPage = 20) =>
  serverOptions((z) => pageFlags(z, maxPerPage, perPage))

/** A command with no options of its own but `--server` and `--json`. */
export const plainOptions = ((z) => z.object(serverJson(z))) satisfies OptionSchema

/** The Api of a command, on the server its `--server` names (else $FANSPOLE_SERVER, the default). */
export const apiOf = (io: Io, opts: { server?: string }, auth: AuthMode): Api =>
  new Api(io, resolveServer(io, opts.server), auth)

/**
 * `cmd` with `--server` and `--json`, running `run` with its options parsed and then its
 * positional arguments as commander gives them (a missing optional one is undefined).
 */
export function runs<S extends Zod.ZodType, A extends (string | undefined)[] = []>(
  io: Io,
  cmd: Command,
  schema: OptionSchema<S>,
  run: (io: Io, opts: Zod.output<S>, ...args: A) => Promise<void>,
): Command {
  return withJson(withServer(cmd)).action(async (...params: unknown[]) => {
    // commander calls an action with the arguments, then the options, then the command.
    const args = params.slice(0, -2) as A
    return run(io, await parseOptions(schema, params.at(-2) as Record<string, unknown>), ...args)
  })
}

/** `cmd <id>` with `--server` and `--json`: the id checked (named `label` in errors), then `run`. */
export function runsOnId<S extends Zod.ZodType>(
  io: Io,
  cmd: Command,
  label: string,
  schema: OptionSchema<S>,
  run: (io: Io, id: number, opts: Zod.output<S>) => Promise<void>,
): Command {
  return withJson(withServer(cmd)).action(async (id: string, raw) =>
    run(io, idArgument(label, id), await parseOptions(schema, raw)),
  )
}

/** `cmd [id]` with `--server` and `--json`: like runsOnId, but the id may be left out (undefined). */
export function runsOnOptionalId<S extends Zod.ZodType>(
  io: Io,
  cmd: Command,
  label: string,
  schema: OptionSchema<S>,
  run: (io: Io, id: number | undefined, opts: Zod.output<S>) => Promise<void>,
): Command {
  return withJson(withServer(cmd)).action(async (id: string | undefined, raw) =>
    run(io, id === undefined ? undefined : idArgument(label, id), await parseOptions(schema, raw)),
  )
}

/** `--page` and `--per-page` (at most `maxPerPage`, `perPage` by default), to spread into a schema. */
export const pageFlags = (z: typeof Zod, maxPerPage: number, perPage = 20) => ({
  page: intFlag(z, 'a page number', 1, 1_000_000).default(1),
  perPage: intFlag(z, 'a page size', 1, maxPerPage).default(perPage),
})

/** Which rows of `total` a page holds, as `21–40 of 57` (`0–0 of 0` when there are none). */
export function pageRange({
  page,
  per_page,
  total,
}: {
  page: number
  per_page: number
  total: number
}): string {
  const from = total === 0 ? 0 : (page - 1) * per_page + 1
  return `${from}–${Math.min(total, page * per_page)} of ${total}`
}

/** `rows` as a table on stdout, or the line `none` when there are none. */
export function printTable<T>(
  io: Io,
  rows: readonly T[],
  none: string,
  columns: Column<T>[],
  s: Style,
): void {
  io.out(rows.length === 0 ? none : formatTable(rows, columns, s))
}

/**
 * A page of `rows` as a table with, dimmed under it, which rows these are (`21–40 of 57`,
 * then `note`); or the line `none` when there are none (without `none`, the bare header).
 */
export function printPage<T>(
  io: Io,
  answer: { meta: { page: number; per_page: number; total: number } },
  rows: readonly T[],
  columns: Column<T>[],
  s: Style,
  { none, note = '' }: { none?: string; note?: string } = {},
): void {
  if (none !== undefined && rows.length === 0) {
    io.out(none)
    return
  }
  io.out(formatTable(rows, columns, s))
  io.out(s.dim(`${pageRange(answer.meta)}${note}\n`))
}

/** `--page` and `--per-page` on `cmd`, the flags of pageFlags: `what` per page, at most `maxPerPage`. */
export const withPages = (cmd: Command, what: string, maxPerPage: number, perPage = 20) =>
  cmd
    .option('--page <n>', 'page number', '1')
    .option('--per-page <n>', `${what} per page (at most ${maxPerPage})`, String(perPage))
