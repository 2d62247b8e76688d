import { describe, expect, it } from 'vitest'
import { styles } from '../../../../ui/theme/styles.js'
import { frameStyles } from './frameStyles.js'

/** The `--foyer-*` declarations of the first rule whose selector matches `selector`. */
function tokens(css: string, selector: RegExp): Map<string, string> {
  const block = new RegExp(`${selector.source}\\s*\\{([^}]*)\\}`).exec(css)![1]!
  return new Map([...block.matchAll(/(--foyer-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))
}

describe("the frame pages' stylesheet", () => {
  it("uses the modal's tokens: every token it defines, light and dark, has the modal's value", () => {
    const pairs = [
      [tokens(frameStyles, /:root/), tokens(styles, /\.foyer-root/)],
      [tokens(frameStyles, /:root\[data-foyer-theme='dark'\]/), tokens(styles, /\.foyer-root\[data-foyer-theme='dark'\]/)],
    ] as const
    for (const [frame, modal] of pairs) {
      const shared = [...frame.keys()].filter((name) => modal.has(name))
      expect(shared.length).toBeGreaterThan(8)
      for (const name of shared) expect([name, frame.get(name)]).toEqual([name, modal.get(name)])
    }
  })

  it('holds no url() nor @import: it loads nothing (the CSP allows this origin only, and the page needs nothing else)', () => {
    expect(frameStyles).not.toMatch(/url\(|@import/)
  })
})
