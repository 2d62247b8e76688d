/** What a tutorial block is for: commands to run, a server or dev server to start, a file to write. */
export type TutorialKind = 'shell' | 'server' | 'file' | 'app'

/** One block of a tutorial page: its fence's language, its `[title]` (a file's path) and its code. */
export interface TutorialStep {
  kind: TutorialKind
  lang: string
  title?: string
  code: string
}

/**
 * The blocks a page marks as its tutorial, in order: each fenced block right after a `<!-- getting-started: <kind> -->`
 * comment (docs/guide/getting-started.md). A marker with no block after it, or an unknown kind, throws.
 */
export function tutorialSteps(markdown: string): TutorialStep[] {
  const steps: TutorialStep[] = []
  for (const marker of markdown.matchAll(/<!-- getting-started: (\S+) -->\n/g)) {
    const kind = marker[1] as TutorialKind
    if (!['shell', 'server', 'file', 'app'].includes(kind)) throw new Error(`unknown tutorial block kind ${kind}`)
    const block = /^```(\w+)([^\n]*)\n([\s\S]*?)^```/m.exec(markdown.slice(marker.index + marker[0].length))
    if (!block || block.index !== 0) throw new Error(`no fenced block right after ${marker[0].trim()}`)
    const title = /\[([^\]]+)\]/.exec(block[2]!)?.[1]
    steps.push({ kind, lang: block[1]!, ...(title ? { title } : {}), code: block[3]! })
  }
  return steps
}
