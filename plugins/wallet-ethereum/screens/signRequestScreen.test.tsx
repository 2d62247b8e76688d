// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithFoyer } from '../../../test/kit/renderWithFoyer.js'
import { embeddedWallet } from '../../embedded-wallet/index.js'
import type { SignRequestParams } from './SignRequestScreen.js'
import { SIGN_SCREEN } from '../index.js'

afterEach(cleanup)

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TYPED_DATA = {
  domain: { name: 'Foyer test', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: { Mail: [{ name: 'from', type: 'Person' }, { name: 'contents', type: 'string' }], Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }] },
  primaryType: 'Mail',
  message: { from: { name: 'Ada', wallet: ADDRESS }, contents: 'Hello, Bob!' },
}

async function show(params: SignRequestParams) {
  const { foyer } = await renderWithFoyer(<div />, { plugins: [embeddedWallet()] })
  act(() => void foyer.modal.request(SIGN_SCREEN, params, { intent: 'sign' }).catch(() => undefined))
  return within(await screen.findByRole('dialog'))
}

describe("the sign screen ('embedded-wallet/sign')", () => {
  it("typed data: its own title 'Sign typed data', the domain and message as named fields (nested ones indented), no JSON", async () => {
    const json = JSON.stringify(TYPED_DATA)
    const dialog = await show({ address: ADDRESS, request: { method: 'eth_signTypedData_v4', params: [ADDRESS, json] }, display: JSON.stringify(TYPED_DATA, null, 2) })
    expect(await dialog.findByRole('heading', { name: 'Sign typed data' })).toBeTruthy()
    expect(dialog.queryByRole('heading', { name: 'Sign message' })).toBeNull()
    const shown = dialog.getByTestId('foyer-sign-message')
    expect(within(shown).getByRole('heading', { name: 'Domain' })).toBeTruthy()
    expect(within(shown).getByRole('heading', { name: 'Message (Mail)' })).toBeTruthy()
    const field = (path: string[]) => {
      const el = path.reduce<Element>((scope, key) => scope.querySelector(`[data-field="${key}"]`)!, shown)
      return el.querySelector('dd')!.textContent
    }
    expect(field(['name'])).toBe('Foyer test')
    expect(field(['chainId'])).toBe('1')
    expect(field(['contents'])).toBe('Hello, Bob!')
    expect(field(['from', 'wallet'])).toBe(ADDRESS)
    expect(shown.textContent).not.toMatch(/[{}"]/)
    expect(shown.tagName).not.toBe('PRE')
  })

  it("a text message keeps 'Sign message' and shows the text as written", async () => {
    const dialog = await show({ address: ADDRESS, request: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }, display: 'hello' })
    expect(await dialog.findByRole('heading', { name: 'Sign message' })).toBeTruthy()
    expect(dialog.getByTestId('foyer-sign-message').textContent).toBe('hello')
  })
})
