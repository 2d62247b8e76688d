// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithFoyer } from '../../test/kit/renderWithFoyer.js'
import { crossAppErrorTexts } from './crossAppErrors.js'
import type { CrossAppPluginState } from './crossAppState.js'
import { crossApp } from './index.js'

afterEach(() => cleanup())

describe("the cross-app auth screen (§2: connecting, success, error)", () => {
  it('follows the flow: connecting in the provider window, then connected, or the error', async () => {
    const { foyer } = await renderWithFoyer(<div />, { plugins: [crossApp()] })
    const state = foyer.pluginState<CrossAppPluginState>('cross-app')
    act(() => {
      state.update({ status: 'connecting', providerAppId: 'foyer_provider_app_000001', providerName: 'Provider App' })
      foyer.modal.open({ intent: 'login', screen: 'cross-app/auth', params: { providerAppId: 'foyer_provider_app_000001' } })
    })
    await screen.findByText('Connecting to Provider App')
    expect(screen.getByText('Continue in the Provider App window.')).toBeTruthy()
    act(() => state.update({ status: 'error', error: crossAppErrorTexts.rejected }))
    await screen.findByText('Could not connect to Provider App')
    expect(screen.getByRole('alert').textContent).toBe('User rejected request')
    act(() => state.update({ status: 'success', error: null }))
    await screen.findByText('Connected to Provider App')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
