import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519'
import { hexToBytes } from '@noble/hashes/utils'
import { expect, it } from 'vitest'
import { NOTE_PREFIX } from '../../examples/custom-plugin/note-signer/index.js'
import { DEMO_NOTE } from '../../examples/react-app/src/NoteSignerCard.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack } from './kit/useStack.js'

// A third party's plugin with a frame half (examples/custom-plugin/note-signer), added without an edit to core, ui or
// embedded-wallet: its server half (loaded with FOYER_SERVER_PLUGINS, as a self-hoster adds one) declares the half,
// the frame's server bundles it, and the wallet frame loads it at its first event.
const notePlugin = fileURLToPath(new URL('../../examples/custom-plugin/note-signer/serverPlugin.ts', import.meta.url))
const e2e = useStack({ FOYER_SERVER_PLUGINS: notePlugin, FOYER_DEV_APP: JSON.stringify({ 'embedded-wallet': { create_on_login: 'users-without-wallets' } }) })

it("a custom plugin's frame half signs a note in the wallet frame, loaded there only when asked; the same key after a reload", async () => {
  const { context, page } = await e2e.newPage()
  const frameModules: string[] = []
  context.on('request', (request) => {
    if (request.url().startsWith(e2e.stack.walletUrl) && request.url().endsWith('.js')) frameModules.push(new URL(request.url()).pathname)
  })
  const halfLoads = () => frameModules.filter((path) => path.startsWith('/assets/half-note-signer-')).length
  try {
    await signUpByEmail(page, e2e.stack, 'note.signer@example.com', '?note_signer=1')
    const dialog = page.getByRole('dialog')
    await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })
    const card = page.getByTestId('note-signer')
    await card.waitFor({ timeout: 30_000 })
    expect(halfLoads()).toBe(0)

    const sign = async () => {
      await card.getByRole('button', { name: 'Sign a note' }).click()
      const result = card.getByTestId('note-signer-result')
      await expect.poll(() => result.getAttribute('data-label'), { timeout: 30_000 }).toMatch(/^(Signed note|Error)/)
      const [publicKey, signature] = (await result.locator('code').textContent())!.split(' ') as [string, string]
      return { publicKey, signature }
    }
    const first = await sign()
    expect(first.publicKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect(ed25519.verify(hexToBytes(first.signature.slice(2)), new TextEncoder().encode(NOTE_PREFIX + DEMO_NOTE), hexToBytes(first.publicKey.slice(2)))).toBe(true)
    expect(halfLoads()).toBe(1)

    await page.reload()
    await card.waitFor({ timeout: 30_000 })
    expect((await sign()).publicKey).toBe(first.publicKey)
  } finally {
    await context.close()
  }
})
