import type { FoyerPlugin } from './types.js'

// The plugin contract is declared with the kernel's (types.ts): a plugin's slots get the kernel, and the kernel's
// registry holds the plugins. This module is where plugins import it from.
export type { ApiCallDef } from './apiCallDef.js'
export type {
  BatchCall,
  BatchExecutor,
  BatchExecutorSlot,
  BatchReceipt,
  FlowContext,
  FoyerPlugin,
  LandingEntryDef,
  OutgoingRequest,
  PluginAccountSlots,
  PluginHookActions,
  PluginHooks,
  PluginKind,
  PluginMeta,
  ScreenDef,
} from './types.js'

/** Identity helper that keeps a plugin's literal types. */
export function definePlugin<const P extends FoyerPlugin>(plugin: P): P {
  return plugin
}
