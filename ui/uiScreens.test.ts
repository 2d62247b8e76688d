import { describe, expect, it } from 'vitest'
import { createRegistry } from '../core/client/registry.js'
import { uiScreens } from '../core/client/screenIds.js'
import { uiPlugin } from './uiPlugin.js'

describe('uiScreens', () => {
  it('names exactly the screens the ui plugin registers', () => {
    const registered = [...createRegistry([uiPlugin]).screens.keys()].sort()
    expect(registered).toEqual(Object.values(uiScreens).sort())
  })
})
