import { useCallback, useEffect, useRef, useState } from 'react'

/** The state of a load: its data, its error, whether it runs, and a way to run it again. */
export interface Loaded<T> {
  data: T | null
  error: unknown
  loading: boolean
  reload: () => void
}

/** Runs `load` now and whenever `key` changes (its latest answer wins); `reload` runs it again. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true })
  const latest = useRef(load)
  latest.current = load
  const run = useRef(0)
  const reload = useCallback(() => {
    const id = ++run.current
    setState((s) => ({ ...s, loading: true }))
    latest.current().then(
      (data) => id === run.current && setState({ data, error: null, loading: false }),
      (error: unknown) => id === run.current && setState({ data: null, error, loading: false }),
    )
  }, [])
  useEffect(reload, [key, reload])
  return { ...state, reload }
}
