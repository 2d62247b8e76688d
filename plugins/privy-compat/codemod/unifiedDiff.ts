/**
 * A unified diff of two texts (`--- a/path`, `+++ b/path`, `@@` hunks with `context` lines around each change), as
 * `git diff` prints one; '' when they are equal. The line matching is Myers' (O((N+M)·D)), so a large file with a few
 * changed lines costs little.
 */
export function unifiedDiff(path: string, before: string, after: string, context = 3): string {
  if (before === after) return ''
  const a = splitLines(before)
  const b = splitLines(after)
  const ops = diffLines(a, b)
  const hunks: string[] = []
  let i = 0
  while (i < ops.length) {
    if (ops[i]!.kind === ' ') {
      i++
      continue
    }
    // A hunk: from `context` lines before this change to `context` lines after the last change closer than 2·context.
    let start = i
    while (start > 0 && i - start < context && ops[start - 1]!.kind === ' ') start--
    let end = i
    let lastChange = i
    while (end < ops.length) {
      if (ops[end]!.kind !== ' ') lastChange = end
      else if (end - lastChange > 2 * context) break
      end++
    }
    end = Math.min(ops.length, lastChange + 1 + context)
    const slice = ops.slice(start, end)
    const aStart = slice[0]!.aLine
    const bStart = slice[0]!.bLine
    const aCount = slice.filter((op) => op.kind !== '+').length
    const bCount = slice.filter((op) => op.kind !== '-').length
    hunks.push(`@@ -${range(aStart, aCount)} +${range(bStart, bCount)} @@`, ...slice.map((op) => op.kind + op.text))
    i = end
  }
  return [`--- a/${path}`, `+++ b/${path}`, ...hunks].join('\n')
}

interface Op {
  kind: ' ' | '-' | '+'
  text: string
  /** 1-based line in the old text where this op stands (for '+', the line it is inserted before). */
  aLine: number
  bLine: number
}

function range(start: number, count: number): string {
  return count === 0 ? `${start - 1},0` : count === 1 ? `${start}` : `${start},${count}`
}

function splitLines(text: string): string[] {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

/** Myers' shortest edit script, walked back into a list of kept, removed and added lines. */
function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length
  const m = b.length
  const max = n + m
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice())
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) x++, y++
      v[offset + k] = x
      if (x >= n && y >= m) break outer
    }
  }
  const ops: Op[] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d]!
    const k = x - y
    const prevK = k === -d || (k !== d && vd[offset + k - 1]! < vd[offset + k + 1]!) ? k + 1 : k - 1
    const prevX = d === 0 ? 0 : vd[offset + prevK]!
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      x--, y--
      ops.push({ kind: ' ', text: a[x]!, aLine: x + 1, bLine: y + 1 })
    }
    if (d === 0) break
    if (x === prevX) {
      y--
      ops.push({ kind: '+', text: b[y]!, aLine: x + 1, bLine: y + 1 })
    } else {
      x--
      ops.push({ kind: '-', text: a[x]!, aLine: x + 1, bLine: y + 1 })
    }
  }
  return ops.reverse()
}
