import { lazy, type ComponentType } from 'react'
import type { ScreenDef } from '../../core/client/plugin.js'

type Screen = ComponentType<any>

const loaded = new WeakMap<ScreenDef, Screen>()
const loading = new WeakMap<ScreenDef, Promise<{ default: Screen }>>()
const chosen = new WeakMap<ScreenDef, Screen>()

function load(def: ScreenDef): Promise<{ default: Screen }> {
  let promise = loading.get(def)
  if (!promise) {
    promise = (def.load() as Promise<{ default: Screen }>).then((module) => {
      loaded.set(def, module.default)
      return module
    })
    // A failed load may be retried (a flaky network), so it is not kept.
    promise.catch(() => loading.delete(def))
    loading.set(def, promise)
  }
  return promise
}

/** Starts loading a screen's code so that showing it later needs no suspense. Never rejects. */
export function preloadScreen(def: ScreenDef | undefined): Promise<void> {
  return def ? load(def).then(() => undefined, () => undefined) : Promise.resolve()
}

/**
 * The component of a screen or landing entry. A screen whose code is already loaded (preloaded) renders
 * directly, without a Suspense round (React 19 holds a revealed fallback for 300 ms); otherwise it is a
 * React.lazy component. The choice is made once per definition, so a mounted screen never changes type.
 */
export function lazyScreen(def: ScreenDef): Screen {
  let component = chosen.get(def)
  if (!component) {
    component = loaded.get(def) ?? lazy(() => load(def))
    chosen.set(def, component)
  }
  return component
}
