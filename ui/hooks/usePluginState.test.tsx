// @vitest-environment happy-dom
import { signal, type ReadonlySignal } from '@preact/signals-core'
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin } from '../../core/client/plugin.js'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { usePluginState } from './usePluginState.js'

afterEach(cleanup)

interface CounterState {
  readonly count: ReadonlySignal<number>
  readonly label: ReadonlySignal<string>
  bump(): void
}
let made = 0
const counter = definePlugin({
  id: 'counter',
  kind: 'feature',
  state: (): CounterState => {
    made++
    const count = signal(0)
    return { count, label: signal('clicks'), bump: () => void count.value++ }
  },
})

const renders = { count: 0, label: 0 }
function Count() {
  renders.count++
  return <p data-testid="count">{usePluginState<CounterState>('counter').count.value}</p>
}
function Label() {
  renders.label++
  return <p data-testid="label">{usePluginState<CounterState>('counter').label.value}</p>
}

describe('plugin state', () => {
  it("re-renders the components that read the changed signal, and only those; made once per kernel", async () => {
    made = 0
    const { foyer } = await renderWithFoyer(
      <>
        <Count />
        <Label />
      </>,
      { plugins: [counter] },
    )
    const before = { ...renders }
    expect(screen.getByTestId('count').textContent).toBe('0')
    act(() => foyer.pluginState<CounterState>('counter').bump())
    expect(screen.getByTestId('count').textContent).toBe('1')
    expect(renders.count).toBe(before.count + 1)
    expect(renders.label).toBe(before.label)
    expect(made).toBe(1)
  })

  it('names the plugin when it is not loaded or has no state', async () => {
    const { foyer } = await renderWithFoyer(null, { plugins: [definePlugin({ id: 'plain', kind: 'feature' })] })
    expect(() => foyer.pluginState('plain')).toThrow('Plugin "plain": has no state.')
    expect(() => foyer.pluginState('missing')).toThrow('Plugin "missing": is not loaded, so it has no state.')
  })
})
