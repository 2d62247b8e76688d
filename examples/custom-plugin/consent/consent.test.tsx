// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import * as v from 'valibot'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { apiClient, definePlugin } from 'foyer/core'
import { useFoyer, useFoyerKernel } from 'foyer'
import { errorResponse, renderWithFoyer } from '../../../test/kit/renderWithFoyer.js'
import { consent } from './index.js'

afterEach(cleanup)

// Another plugin's call that the server guards with consent (the consent plugin knows nothing of it).
const notesApi = { add: { path: '/api/v1/notes', input: v.object({ text: v.string() }), output: v.object({ saved: v.boolean() }) } }
const notes = definePlugin({ id: 'notes', kind: 'feature', api: notesApi })
const notesCalls = apiClient('notes', notesApi)
const routes = {
  '/api/v1/notes': (_body: unknown, request: { headers: Headers }) =>
    request.headers.get('x-consent') === 'granted' ? { saved: true } : errorResponse(403, 'consent_required', 'Consent required'),
}

function Host() {
  const { askConsent } = useFoyer() // typed by the plugin's FoyerActions augmentation
  const foyer = useFoyerKernel()
  const [out, setOut] = useState('')
  const run = (p: Promise<unknown>) => p.then((v) => setOut(JSON.stringify(v)), (e: { code?: string }) => setOut(`error ${e.code}`))
  return (
    <>
      <button onClick={() => run(askConsent('share your e-mail'))}>ask</button>
      <button onClick={() => run(notesCalls.add(foyer, { text: 'hi' }))}>save</button>
      <output>{out}</output>
    </>
  )
}

describe('consent (a third-party plugin on the kernel slots: useFoyer action, request on its own screen, call middleware)', () => {
  it("askConsent() waits on the plugin's screen and answers the user's choice; closing rejects with the plugin's exit code", async () => {
    const { foyer } = await renderWithFoyer(<Host />, { plugins: [consent({ version: '2' })], routes })
    fireEvent.click(screen.getByText('ask'))
    expect(await screen.findByText('This app asks for your consent to: share your e-mail')).toBeTruthy()
    expect(foyer.$modal.peek().intent).toBe('consent')
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }))
    await screen.findByText('true')
    expect(foyer.$modal.peek().open).toBe(false)

    fireEvent.click(screen.getByText('ask'))
    await screen.findByRole('button', { name: 'Deny' })
    act(() => foyer.modal.close())
    await screen.findByText('error EXITED_CONSENT_FLOW')
  })

  it("middleware: every call carries the consent version; 'consent_required' shows the screen and, once allowed, the call goes again and succeeds", async () => {
    const { requests } = await renderWithFoyer(<Host />, { plugins: [consent({ version: '2', topic: 'save notes' }), notes], routes })
    fireEvent.click(screen.getByText('save'))
    fireEvent.click(await screen.findByRole('button', { name: 'Allow' }))
    await screen.findByText('{"saved":true}')
    const sends = requests.filter((r) => r.path === '/api/v1/notes')
    expect(sends.map((r) => [r.headers.get('x-consent-version'), r.headers.get('x-consent')])).toEqual([
      ['2', null],
      ['2', 'granted'],
    ])
  })

  it('a user who denies gets the server error, and nothing is sent again', async () => {
    const { requests } = await renderWithFoyer(<Host />, { plugins: [consent({ version: '2' }), notes], routes })
    fireEvent.click(screen.getByText('save'))
    fireEvent.click(await screen.findByRole('button', { name: 'Deny' }))
    await screen.findByText('error CONSENT_REQUIRED')
    expect(requests.filter((r) => r.path === '/api/v1/notes')).toHaveLength(1)
  })
})
