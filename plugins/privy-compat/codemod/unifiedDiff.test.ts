import { describe, expect, it } from 'vitest'
import { unifiedDiff } from './unifiedDiff.js'

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`)

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a.ts', 'x\n', 'x\n')).toBe('')
  })

  it('prints one hunk per change, with three lines of context and git’s ranges', () => {
    const before = lines(20)
    const after = [...before]
    after[1] = 'changed 2'
    after.splice(15, 0, 'added')
    expect(unifiedDiff('src/a.ts', before.join('\n') + '\n', after.join('\n') + '\n')).toBe(
      [
        '--- a/src/a.ts',
        '+++ b/src/a.ts',
        '@@ -1,5 +1,5 @@',
        ' line 1',
        '-line 2',
        '+changed 2',
        ' line 3',
        ' line 4',
        ' line 5',
        '@@ -13,6 +13,7 @@',
        ' line 13',
        ' line 14',
        ' line 15',
        '+added',
        ' line 16',
        ' line 17',
        ' line 18',
      ].join('\n'),
    )
  })

  it('joins changes closer than twice the context into one hunk, and handles a pure insertion at the start', () => {
    const before = lines(10)
    const after = ['new first', ...before.slice(0, 4), 'new middle', ...before.slice(4)]
    const diff = unifiedDiff('a', before.join('\n'), after.join('\n'))
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toEqual(['@@ -1,7 +1,9 @@'])
    expect(diff).toContain('\n+new first\n line 1\n')
    expect(unifiedDiff('a', '', 'x\n')).toBe('--- a/a\n+++ b/a\n@@ -0,0 +1 @@\n+x')
  })
})
