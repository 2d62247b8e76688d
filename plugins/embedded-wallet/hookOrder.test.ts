import { describe, expect, it } from 'vitest'
import { createRegistry } from '../../core/client/registry.js'
import { email } from '../email/index.js'
import { terms, termsHook } from '../terms/index.js'
import { embeddedWallet } from './index.js'

describe("the embedded wallet's login hook", () => {
  it('runs after terms whatever the order of the host’s plugin list', () => {
    for (const plugins of [[embeddedWallet(), email(), terms()], [terms(), email(), embeddedWallet()]]) {
      const hooks = createRegistry(plugins).hooks('onLoginSuccess')
      expect(hooks).toHaveLength(2)
      expect(hooks[0]).toBe(termsHook)
    }
  })
})
