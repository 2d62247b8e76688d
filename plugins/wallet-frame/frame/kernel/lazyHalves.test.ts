import { describe, expect, it } from 'vitest'
import { testFrameKernel } from './testFrameKernel.js'
import { lazyHalves } from './lazyHalves.js'
import type { FrameHalf } from './frameHalf.js'

const half = (answers: Record<string, unknown>, made: { count: number }): FrameHalf => ({
  handlers: () => {
    made.count++
    return Object.fromEntries(Object.entries(answers).map(([event, answer]) => [event, async () => answer]))
  },
})

describe("the frame kernel's lazy frame halves", () => {
  it('loads a half at its first event, once for all its events, and runs its handlers', async () => {
    const made = { count: 0 }
    const loads: string[] = []
    const halves = lazyHalves({ 'p:a': '/assets/p.js', 'p:b': '/assets/p.js' }, testFrameKernel(), async (path) => (loads.push(path), { default: half({ 'p:a': 1, 'p:b': 2 }, made) }))
    expect(loads).toEqual([])
    expect(await (await halves.handler('p:a'))!({})).toBe(1)
    expect(await (await halves.handler('p:b'))!({})).toBe(2)
    expect(loads).toEqual(['/assets/p.js'])
    expect(made.count).toBe(1)
  })

  it("answers nothing for an event no half declared, or one its half doesn't handle; never loads another origin's module", async () => {
    const loads: string[] = []
    const halves = lazyHalves({ 'p:a': '/assets/p.js', 'q:x': 'https://evil.test/x.js', 'r:x': '//evil.test/x.js' }, testFrameKernel(), async (path) => (loads.push(path), { default: half({}, { count: 0 }) }))
    expect(halves.events).toEqual(['p:a'])
    expect(await halves.handler('z:z')).toBeUndefined()
    expect(await halves.handler('q:x')).toBeUndefined()
    expect(await halves.handler('p:a')).toBeUndefined()
    expect(loads).toEqual(['/assets/p.js'])
  })

  it('tries a half that failed to load again at its next event', async () => {
    let attempt = 0
    const halves = lazyHalves({ 'p:a': '/assets/p.js' }, testFrameKernel(), async () => {
      if (attempt++ === 0) throw new Error('offline')
      return { default: half({ 'p:a': 'ok' }, { count: 0 }) }
    })
    await expect(halves.handler('p:a')).rejects.toThrow('offline')
    expect(await (await halves.handler('p:a'))!({})).toBe('ok')
  })
})
