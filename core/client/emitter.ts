import type { Emitter } from './types.js'

/** A minimal event emitter; a throwing listener never breaks the others. */
export function createEmitter(): Emitter {
  const listeners = new Map<string, Set<(payload?: unknown) => void>>()
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => void set.delete(listener)
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload)
        } catch (error) {
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
  }
}
