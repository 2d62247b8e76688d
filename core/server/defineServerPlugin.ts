import type { ServerPlugin } from './types.js'

/** Typing helper for a server plugin; returns the plugin unchanged. */
export function defineServerPlugin<const P extends ServerPlugin>(plugin: P): P {
  return plugin
}
