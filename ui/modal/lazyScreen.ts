import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ScreenDef } from '../../core/client/plugin.js'

const cache = new WeakMap<ScreenDef, LazyExoticComponent<ComponentType<any>>>()

/**
 * The React.lazy component of a screen or landing entry, made once per definition so a screen
 * that is shown again doesn't suspend again.
 */
export function lazyScreen(def: ScreenDef): LazyExoticComponent<ComponentType<any>> {
  let component = cache.get(def)
  if (!component) {
    component = lazy(def.load as () => Promise<{ default: ComponentType<any> }>)
    cache.set(def, component)
  }
  return component
}
