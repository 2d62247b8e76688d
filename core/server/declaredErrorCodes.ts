import { frameAndMisconfigurationErrorCodes, serverErrorCodes } from '../protocol/index.js'
import type { ServerPlugin } from './types.js'

const CODE = /^[a-z][a-z0-9_]*$/

/**
 * Every error code the server may answer, mapped to its owner ('core' or a plugin id). A code declared
 * twice stops the start: two owners would give one code two meanings, and the client one text.
 */
export function declaredErrorCodes(plugins: readonly Pick<ServerPlugin, 'id' | 'errorCodes'>[]): Map<string, string> {
  const owners = new Map<string, string>([...serverErrorCodes, ...frameAndMisconfigurationErrorCodes].map((code) => [code, 'core']))
  for (const plugin of plugins) {
    for (const code of plugin.errorCodes ?? []) {
      if (!CODE.test(code)) throw new Error(`Server plugin "${plugin.id}": error code "${code}" must be lower snake case`)
      const owner = owners.get(code)
      if (owner) throw new Error(`Server plugin "${plugin.id}": error code "${code}" is already declared by ${owner === 'core' ? 'core' : `plugin "${owner}"`}`)
      owners.set(code, plugin.id)
    }
  }
  return owners
}
