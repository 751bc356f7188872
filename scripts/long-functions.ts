/**
 * `npm run long-functions`: lists the functions of product code (server, web/src, cli, seeds) over
 * 70 lines, longest first, and those among them with no reason written on the line above
 * (`// Long: …`). Frozen migrations are left out: they are never edited.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'

const LIMIT = 70
const files = execFileSync('git', ['ls-files', 'server', 'web/src', 'cli', 'seeds'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.gen.ts') && !f.startsWith('server/db/migrations/'))

const long: { lines: number; where: string; reason: boolean }[] = []
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const lines = text.split('\n')
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      if (end - start + 1 > LIMIT) {
        // The reason stands on the line above the statement that holds the function.
        const above = lines.slice(Math.max(0, start - 3), start + 1).join('\n')
        long.push({
          lines: end - start + 1,
          where: `${file}:${start + 1}`,
          reason: /\/\/ Long: /.test(above),
        })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}
long.sort((a, b) => b.lines - a.lines)
for (const f of long)
  console.log(`${String(f.lines).padStart(4)} ${f.where}${f.reason ? ' (reason given)' : ''}`)
const bare = long.filter((f) => !f.reason).length
console.log(`${long.length} functions over ${LIMIT} lines, ${bare} without a reason`)
// A long function without its reason fails `npm run long-functions` (and the suite).
if (bare > 0) process.exitCode = 1
