// @vitest-environment happy-dom
// Render counts while a user types a 6-digit code into the real e-mail code screen, against the
// real server in-process. Counters wrap the real components; figures are printed on a marked line.
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterAll, expect, it, vi } from 'vitest'
import { email } from '../../plugins/email/index.js'
import { createTestServer } from '../kit/createTestServer.js'
import { renderWithFoyer } from '../kit/renderWithFoyer.js'

const counts = vi.hoisted(() => ({ modal: 0, codeScreen: 0, otpScreen: 0, codeInput: 0 }))
vi.mock('../../ui/modal/Modal.js', async (load) => {
  const m = await load<typeof import('../../ui/modal/Modal.js')>()
  return { ...m, Modal: () => (counts.modal++, m.Modal()) }
})
vi.mock('../../ui/primitives/OtpCodeScreen.js', async (load) => {
  const m = await load<typeof import('../../ui/primitives/OtpCodeScreen.js')>()
  return { ...m, OtpCodeScreen: (p: Parameters<typeof m.OtpCodeScreen>[0]) => (counts.otpScreen++, m.OtpCodeScreen(p)) }
})
vi.mock('../../ui/primitives/CodeInput.js', async (load) => {
  const m = await load<typeof import('../../ui/primitives/CodeInput.js')>()
  return { ...m, CodeInput: (p: Parameters<typeof m.CodeInput>[0]) => (counts.codeInput++, m.CodeInput(p)) }
})
vi.mock('../../plugins/email/screens/EmailCodeScreen.js', async (load) => {
  const m = await load<typeof import('../../plugins/email/screens/EmailCodeScreen.js')>()
  return { ...m, default: (p: Parameters<typeof m.default>[0]) => (counts.codeScreen++, m.default(p)) }
})

const server = await createTestServer()
afterAll(async () => {
  cleanup()
  await server.close()
})

it('typing six digits: renders per component', async () => {
  const fetch = ((url: string, init?: RequestInit) => server.app.request(url, init)) as typeof globalThis.fetch
  const { foyer } = await renderWithFoyer(null, { plugins: [email()], fetch })
  act(() => foyer.modal.open())
  // The modal's lazy screens load on first open: on a busy machine that takes longer than findBy*'s 1 s default.
  const input = (await screen.findByPlaceholderText(/email/i, {}, { timeout: 20_000 })) as HTMLInputElement
  fireEvent.change(input, { target: { value: 'bench@example.com' } })
  fireEvent.submit(input.closest('form')!)
  await screen.findByLabelText('Digit 1', {}, { timeout: 20_000 })
  const code = await server.lastCode('bench@example.com')

  const before = { ...counts }
  const since = () => Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v - before[k as keyof typeof counts]]))
  const type = (i: number) => fireEvent.change(screen.getByLabelText(`Digit ${i + 1}`), { target: { value: code[i] } })
  for (let i = 0; i < 5; i++) type(i)
  const fiveDigits = since()
  type(5) // the sixth digit also starts the automatic submit
  const sixDigits = since()
  expect(sixDigits.modal).toBe(0)
  console.log(`FOYER_RENDERS ${JSON.stringify({ fiveDigits, sixDigits })}`)
})
