import { BaseError } from './BaseError.js'

/** A plugin that breaks the contract: duplicate ids, missing screens, unknown calls. */
export class PluginError extends BaseError {
  override name = 'PluginError'
  constructor(message: string, options: { pluginId?: string; cause?: unknown } = {}) {
    super(options.pluginId ? `Plugin "${options.pluginId}": ${message}` : message, { code: 'PLUGIN_ERROR', cause: options.cause })
  }
}
