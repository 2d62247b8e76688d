import { useContext, useEffect, useState } from 'react'
import { ScreenEntryContext } from '../modal/ScreenEntryContext.js'

interface Cell {
  value: unknown
  listeners: Set<(value: unknown) => void>
  set: (next: unknown) => void
  peek: () => unknown
}

const cells = new WeakMap<object, Map<string, Cell>>()

function cellOf(owner: object, key: string, initial: unknown): Cell {
  let byKey = cells.get(owner)
  if (!byKey) cells.set(owner, (byKey = new Map()))
  let cell = byKey.get(key)
  if (!cell) {
    const made: Cell = {
      value: initial,
      listeners: new Set(),
      set: (next) => {
        made.value = typeof next === 'function' ? (next as (prev: unknown) => unknown)(made.value) : next
        for (const listener of made.listeners) listener(made.value)
      },
      peek: () => made.value,
    }
    byKey.set(key, (cell = made))
  }
  return cell
}

/** The setter useScreenState answers: a value, or a function of the live one (as React's). */
export type ScreenStateSetter<T> = (next: T | ((prev: T) => T)) => void

/**
 * useState kept with the screen's modal stack entry rather than with one mount of the screen. The modal renders only
 * its top screen, so a screen another one is pushed over ('Verify your identity' when its call needs an MFA step-up)
 * unmounts, and mounts anew when that one ends: work it started (still running, holding the setter) shows on the new
 * mount — a send's receipt instead of the confirmation again, a call's answer — and `peek()` (the live value) lets an
 * effect see that its call was started already. A screen pushed again is a new entry and starts afresh. Outside the
 * modal (a screen rendered on its own) the state lives as long as the component. Plain values, not functions.
 */
export function useScreenState<T>(key: string, initial: T): [T, ScreenStateSetter<T>, () => T] {
  const entry = useContext(ScreenEntryContext)
  const [own] = useState(() => ({}))
  const cell = cellOf(entry ?? own, key, initial)
  const [value, setValue] = useState(() => cell.value as T)
  useEffect(() => {
    const listener = (next: unknown) => setValue(() => next as T)
    cell.listeners.add(listener)
    // A change between this mount's render and now.
    setValue(() => cell.value as T)
    return () => void cell.listeners.delete(listener)
  }, [cell])
  return [value, cell.set as ScreenStateSetter<T>, cell.peek as () => T]
}
