import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import { useFoyerKernel } from './useFoyerKernel.js'

/**
 * The `state` of a headless flow hook (`{ status, error }`), set back to `initial` when the user logs out, so
 * a custom UI never shows the last session's 'done' or error to the next user.
 */
export function useFlowState<S>(initial: S): [S, Dispatch<SetStateAction<S>>] {
  const foyer = useFoyerKernel()
  const [state, setState] = useState(initial)
  const first = useRef(initial)
  useEffect(() => foyer.emitter.on('logout', () => setState(first.current)), [foyer])
  return [state, setState]
}
