import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { API_TYPES_FILE } from '../../../scripts/api-types'

/**
 * Types flow from the server to the web: the web reads its answers through the generated
 * `server/http/api-types.gen.ts`, so a field the server renames fails the web's typecheck.
 * Checked for real: the web's `lib/me.ts` and a reader of one field are compiled by TypeScript
 * against today's generated file (clean) and against one where the server renamed that field.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..')
const GENERATED = path.resolve(API_TYPES_FILE)
const PROBE = path.join(ROOT, 'web/src/lib/__types-flow-probe.ts')
const PROBE_SOURCE = `import { meQuery } from './me'
export const coins = async () => (await meQuery.queryFn!({} as never)).coin_balance + 1
`

function diagnostics(generated: string): string[] {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT)
  const host = ts.createCompilerHost(options)
  const sourceFor = (file: string) =>
    path.resolve(file) === GENERATED ? generated : path.resolve(file) === PROBE ? PROBE_SOURCE : undefined
  const { getSourceFile, fileExists, readFile } = host
  host.fileExists = (file) => sourceFor(file) !== undefined || fileExists(file)
  host.readFile = (file) => sourceFor(file) ?? readFile(file)
  host.getSourceFile = (file, language, ...rest) => {
    const text = sourceFor(file)
    return text === undefined
      ? getSourceFile(file, language, ...rest)
      : ts.createSourceFile(file, text, language)
  }
  const program = ts.createProgram({ rootNames: [PROBE], options, host })
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

describe('types that flow from the server to the web', () => {
  const today = readFileSync(GENERATED, 'utf8')
  const me = today.indexOf('        Me: {')

  it('compile the web against the schemas of today', () => {
    expect(me).toBeGreaterThan(0)
    expect(diagnostics(today)).toEqual([])
  }, 120_000)

  it('fail the web when the server renames a response field', () => {
    const at = today.indexOf('coin_balance: number;', me)
    const renamed = `${today.slice(0, at)}coins: number;${today.slice(at + 'coin_balance: number;'.length)}`
    expect(diagnostics(renamed).join('\n')).toMatch(/coin_balance/)
  }, 120_000)
})
