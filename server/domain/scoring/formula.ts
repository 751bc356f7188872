/**
 * The point systems write their formula rules for people ("round(1.33 × runs) − balls",
 * "2 × balls − runs conceded"). The scorer evaluates exactly those strings, so the table on
 * /point-system and the points can never disagree. Grammar: numbers, the variables a rule
 * offers (names may contain spaces), + − × ( ) and round(); `−`/`-` and `×`/`*`/`·` are the same.
 */
export type Formula = (vars: Readonly<Record<string, number>>) => number

/** Half up (towards +∞), with a hair of tolerance so that 1.33 × 50 = 66.5 rounds to 67 whatever the float says. */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5 + 1e-9)
}

type Token = { kind: 'num'; value: number } | { kind: 'var'; name: string } | { kind: 'op'; op: string }

function tokenize(source: string, variables: readonly string[]): Token[] {
  const text = source.replace(/−/g, '-').replace(/[×·]/g, '*')
  const names = [...variables].sort((a, b) => b.length - a.length)
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const ch = text.charAt(i)
    if (ch === ' ') {
      i++
      continue
    }
    const number = /^\d+(?:\.\d+)?/.exec(text.slice(i))
    if (number) {
      tokens.push({ kind: 'num', value: Number(number[0]) })
      i += number[0].length
      continue
    }
    if ('+-*()'.includes(ch)) {
      tokens.push({ kind: 'op', op: ch })
      i++
      continue
    }
    const name = [...names, 'round'].find(
      (n) => text.startsWith(n, i) && !/\w/.test(text.charAt(i + n.length)),
    )
    if (!name) throw new Error(`formula "${source}": unknown term at "${text.slice(i)}"`)
    tokens.push(name === 'round' ? { kind: 'op', op: 'round' } : { kind: 'var', name })
    i += name.length
  }
  return tokens
}

/** Compiles a formula once into a closure; throws on anything it cannot read. */
export function compileFormula(source: string, variables: readonly string[]): Formula {
  const tokens = tokenize(source, variables)
  let pos = 0
  const peek = () => tokens[pos]
  const isOp = (op: string) => {
    const t = peek()
    return t?.kind === 'op' && t.op === op
  }
  const expect = (op: string) => {
    if (!isOp(op)) throw new Error(`formula "${source}": expected "${op}"`)
    pos++
  }

  function factor(): Formula {
    const t = peek()
    if (!t) throw new Error(`formula "${source}": ends too early`)
    pos++
    if (t.kind === 'num') return () => t.value
    if (t.kind === 'var') return (v) => v[t.name] ?? 0
    if (t.op === '-') {
      const inner = factor()
      return (v) => -inner(v)
    }
    if (t.op === '(' || t.op === 'round') {
      if (t.op === 'round') expect('(')
      const inner = sum()
      expect(')')
      return t.op === 'round' ? (v) => roundHalfUp(inner(v)) : inner
    }
    throw new Error(`formula "${source}": unexpected "${t.op}"`)
  }
  function product(): Formula {
    let left = factor()
    while (isOp('*')) {
      pos++
      const a = left
      const b = factor()
      left = (v) => a(v) * b(v)
    }
    return left
  }
  function sum(): Formula {
    let left = product()
    while (isOp('+') || isOp('-')) {
      const minus = isOp('-')
      pos++
      const a = left
      const b = product()
      left = minus ? (v) => a(v) - b(v) : (v) => a(v) + b(v)
    }
    return left
  }

  const formula = sum()
  if (pos !== tokens.length) throw new Error(`formula "${source}": unexpected text after the formula`)
  return formula
}
