/**
 * A small well-formedness check for generated HTML (no parser in node_modules): every
 * element but the void ones closes, in order; no stray `<` or `>` is left in the text, and
 * every attribute value is quoted. Answers the problems found, empty when there are none.
 */
const VOID = [
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]

export function unclosedTags(html: string): string[] {
  const problems: string[] = []
  const stack: string[] = []
  const body = html.replace(/^<!DOCTYPE html>/i, '').replace(/<!--[\s\S]*?-->/g, '')
  const tag = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*(\/?)>/g
  let at = 0
  for (const m of body.matchAll(tag)) {
    const text = body.slice(at, m.index)
    if (/[<>]/.test(text)) problems.push(`stray < or > before offset ${m.index}: ${text.slice(0, 60)}`)
    at = (m.index ?? 0) + m[0].length
    const [, closing, rawName, , selfClosing] = m
    const name = (rawName as string).toLowerCase()
    if (VOID.includes(name) || selfClosing) continue
    if (!closing) {
      stack.push(name)
      continue
    }
    const open = stack.pop()
    if (open !== name) problems.push(`</${name}> at offset ${m.index} closes <${open ?? 'nothing'}>`)
  }
  if (/[<>]/.test(body.slice(at))) problems.push('stray < or > at the end')
  for (const name of stack) problems.push(`<${name}> never closed`)
  return problems
}
