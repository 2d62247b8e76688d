/** A replacement of the text between `start` and `end` (offsets in the file as it was parsed). */
export interface TextEdit {
  start: number
  end: number
  text: string
}

/**
 * The text with the edits made. Each rewrite step computes its edits from one parse and applies them at once, so the
 * rest of a file keeps its exact bytes (quotes, semicolons, blank lines) — reprinting through the compiler would not.
 * Edits at the same offset keep their order; overlapping edits are a bug of the step that made them.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits.map((edit, order) => ({ ...edit, order })).sort((a, b) => a.start - b.start || a.end - b.end || a.order - b.order)
  let out = ''
  let at = 0
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`overlapping edits at offset ${edit.start}`)
    out += text.slice(at, edit.start) + edit.text
    at = edit.end
  }
  return out + text.slice(at)
}

/** The whitespace that starts the line `position` is on (what a line inserted above it should start with). */
export function indentOf(text: string, position: number): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1
  return /^[ \t]*/.exec(text.slice(lineStart, position))![0]
}
