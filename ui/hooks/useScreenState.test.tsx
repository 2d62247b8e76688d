// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { StrictMode, useEffect } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ScreenEntry } from '../../core/client/types.js'
import { ScreenEntryContext } from '../modal/ScreenEntryContext.js'
import { useScreenState, type ScreenStateSetter } from './useScreenState.js'

afterEach(cleanup)

/** A screen's phase; hands its setter out, as a running send holds it. */
function Phase({ onSetter }: { onSetter: (set: ScreenStateSetter<string>) => void }) {
  const [phase, setPhase] = useScreenState('phase', 'confirm')
  onSetter(setPhase)
  return <p data-testid="phase">{phase}</p>
}

const onEntry = (entry: ScreenEntry, node: React.ReactNode) => <ScreenEntryContext.Provider value={entry}>{node}</ScreenEntryContext.Provider>
const shown = () => screen.getByTestId('phase').textContent

describe('useScreenState', () => {
  it('keeps the value with the stack entry: what a setter of an unmounted mount sets shows on the next mount, and after it', () => {
    const entry: ScreenEntry = { id: 'p/send' }
    let held: ScreenStateSetter<string> = () => undefined
    const first = render(onEntry(entry, <Phase onSetter={(set) => (held = set)} />))
    expect(shown()).toBe('confirm')
    act(() => held('submitting'))
    expect(shown()).toBe('submitting')

    // 'Verify your identity' pushed over it unmounts it; the work it started goes on.
    first.unmount()
    act(() => held('receipt'))
    render(onEntry(entry, <Phase onSetter={() => undefined} />))
    expect(shown()).toBe('receipt')
    act(() => held((prev) => `${prev}!`))
    expect(shown()).toBe('receipt!')
  })

  it('starts afresh for another entry (a screen pushed again), and lives with the component outside the modal', () => {
    let held: ScreenStateSetter<string> = () => undefined
    render(onEntry({ id: 'p/send' }, <Phase onSetter={(set) => (held = set)} />))
    act(() => held('receipt'))
    cleanup()
    render(onEntry({ id: 'p/send' }, <Phase onSetter={() => undefined} />))
    expect(shown()).toBe('confirm')
    cleanup()
    render(<Phase onSetter={(set) => (held = set)} />)
    act(() => held('receipt'))
    expect(shown()).toBe('receipt')
  })

  it('peek reads the live value: an effect run twice (StrictMode) starts its call once', () => {
    let starts = 0
    function Starter() {
      const [status, setStatus, peek] = useScreenState('status', 'idle')
      useEffect(() => {
        if (peek() !== 'idle') return
        starts++
        setStatus('pending')
      }, [peek, setStatus])
      return <p data-testid="phase">{status}</p>
    }
    render(<StrictMode>{onEntry({ id: 'p/enroll' }, <Starter />)}</StrictMode>)
    expect(shown()).toBe('pending')
    expect(starts).toBe(1)
  })
})
