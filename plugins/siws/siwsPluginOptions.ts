import type { SiwsMessageOptions } from './siwsFlow.js'

/** Options of the Sign In With Solana plugin. */
export interface SiwsPluginOptions extends SiwsMessageOptions {
  /** Position on the landing list among options of equal config order (lower first). */
  order?: number
  /** Overrides of the plugin's English texts. */
  texts?: Record<string, string>
}
