import type { FrameHalf, FrameHandler, FrameKernel } from './frameHalf.js'

/** Each frame-half event with its half's module, a same-origin path (the page's settings, written by the server). */
export type FrameHalfPaths = Readonly<Record<string, string>>

/** The frame halves the kernel loads on demand: their events, and the handler of one (loading its half once). */
export interface LazyHalves {
  readonly events: readonly string[]
  handler(event: string): Promise<FrameHandler | undefined>
}

/** A module path the frame may load: on this origin (script-src 'self' holds the browser to the same). */
const sameOrigin = (path: unknown): path is string => typeof path === 'string' && path.startsWith('/') && !path.startsWith('//')

/**
 * The plugins' frame halves, loaded when one of their events first arrives: `import()` of the half's module, whose
 * default export's `handlers(kernel)` runs once. A half that failed to load is tried again at its next event.
 */
export function lazyHalves(paths: FrameHalfPaths, kernel: FrameKernel, load: (path: string) => Promise<{ default?: FrameHalf }> = (path) => import(/* @vite-ignore */ path)): LazyHalves {
  const loaded = new Map<string, Promise<Record<string, FrameHandler>>>()
  const events = Object.keys(paths).filter((event) => sameOrigin(paths[event]))
  return {
    events,
    async handler(event) {
      if (!events.includes(event)) return undefined
      const path = paths[event]!
      let handlers = loaded.get(path)
      if (!handlers) {
        handlers = load(path).then((module) => {
          if (typeof module.default?.handlers !== 'function') throw new Error(`${path} has no frame half`)
          return module.default.handlers(kernel)
        })
        loaded.set(path, handlers)
        handlers.catch(() => loaded.delete(path))
      }
      const found = (await handlers)[event]
      return typeof found === 'function' ? found : undefined
    },
  }
}
