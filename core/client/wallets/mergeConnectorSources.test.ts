import { describe, expect, it, vi } from 'vitest'
import { mergeConnectorSources } from './mergeConnectorSources.js'
import type { ConnectorSource, WalletConnector } from './types.js'

const connector = (id: string) => ({ id }) as WalletConnector

/** A source whose list the test sets. */
function manual() {
  let push: (list: WalletConnector[]) => void = () => {}
  const stop = vi.fn()
  const source: ConnectorSource = {
    discover(update) {
      push = update
      return stop
    },
  }
  return { source, stop, set: (...ids: string[]) => push(ids.map(connector)) }
}

describe('mergeConnectorSources', () => {
  it("publishes every source's latest list, in the sources' order, whenever one changes; stop stops them all", () => {
    const first = manual()
    const second = manual()
    const seen: string[][] = []
    const stop = mergeConnectorSources(first.source, second.source).discover((list) => seen.push(list.map((c) => c.id)))
    second.set('s1')
    first.set('f1', 'f2')
    second.set()
    expect(seen).toEqual([['s1'], ['f1', 'f2', 's1'], ['f1', 'f2']])
    stop()
    expect(first.stop).toHaveBeenCalledOnce()
    expect(second.stop).toHaveBeenCalledOnce()
  })

  it('takes a list a source publishes while it starts', () => {
    const eager: ConnectorSource = { discover: (update) => (update([connector('now')]), () => {}) }
    const seen: string[][] = []
    mergeConnectorSources(eager, manual().source).discover((list) => seen.push(list.map((c) => c.id)))
    expect(seen).toEqual([['now']])
  })
})
