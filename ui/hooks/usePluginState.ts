import { useSignals } from '@preact/signals-react/runtime'
import { useFoyerKernel } from './useFoyerKernel.js'

/**
 * A plugin's reactive state (its `state` slot) in a component: the signals read while rendering re-render the
 * component when they change, and nothing else does.
 */
export function usePluginState<S extends object = Record<string, unknown>>(pluginId: string): S {
  useSignals()
  return useFoyerKernel().pluginState<S>(pluginId)
}
