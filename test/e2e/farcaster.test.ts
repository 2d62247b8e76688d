import type { Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { startAnvilRegistry } from '../standins/anvilIdRegistry.js'
import { completeChannel, signConnectUri } from '../standins/farcasterApp.js'
import { chooseLoginOption } from './kit/landing.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const FID = 31337
// The test's Farcaster user: a local account registered on anvil as the custody of FID.
const custody = privateKeyToAccount(generatePrivateKey())

const registry = useStandin(async () => {
  const anvil = await startAnvilRegistry()
  await anvil.setCustody(FID, custody.address)
  return anvil
}, (anvil) => anvil.stop())
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({ farcaster: { rpc_url: registry().rpcUrl, connect_host: 'https://farcaster.test' } }),
}))

/** Loads the app and opens the modal's Farcaster option. */
async function openFarcaster(page: Page) {
  await page.goto(e2e.stack.appUrl)
  return chooseLoginOption(page, 'Farcaster')
}

const send = (path: string, init: RequestInit) => fetch(`${e2e.stack.apiUrl}${path}`, init)

describe('Sign In With Farcaster in Chromium against the real server and an anvil ID registry', () => {
  it('the modal shows the QR code and polls; a Farcaster app completes the channel; the page ends signed in', async () => {
    const { context, page } = await e2e.newPage()
    const polls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/farcaster/status')) polls.push(request.headers()['farcaster-channel-token'] ?? '')
    })
    const dialog = await openFarcaster(page)
    await dialog.getByText('Awaiting Farcaster connection').waitFor({ timeout: 30_000 })
    const qr = dialog.getByRole('img', { name: 'QR code to sign in with Farcaster' })
    await qr.waitFor({ timeout: 30_000 })
    const link = dialog.getByRole('link', { name: 'Open the Farcaster app' })
    const connectUri = (await link.getAttribute('href'))!
    expect(await qr.getAttribute('data-value')).toBe(connectUri)
    const url = new URL(connectUri)
    expect(url.origin + url.pathname).toBe('https://farcaster.test/~/sign-in-with-farcaster')
    expect(url.searchParams.get('domain')).toBe(new URL(e2e.stack.appUrl).host)
    // The QR code carries the channel's URL: covered.
    await docsShot(dialog, 'farcaster-qr', { mask: [qr] })

    // The page polls with the channel token header while nothing has happened yet.
    await expect.poll(() => polls.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
    expect(new Set(polls)).toEqual(new Set([url.searchParams.get('channelToken')]))

    const signed = await signConnectUri(connectUri, custody, FID)
    const relayed = await completeChannel(send, signed, { username: 'e2e-user', displayName: 'E2E User' })
    expect(relayed.status).toBe(201)

    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('linked-accounts').textContent()).toContain('farcaster')
    const token = await page.evaluate((appId) => localStorage.getItem(`foyer:${appId}:token`), e2e.stack.appId)
    const me = (await (await send('/api/v1/users/me', { headers: { authorization: `Bearer ${token}`, 'foyer-app-id': e2e.stack.appId } })).json()) as {
      user: { linkedAccounts: Record<string, unknown>[] }
    }
    expect(me.user.linkedAccounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid: FID, ownerAddress: custody.address.toLowerCase(), username: 'e2e-user', displayName: 'E2E User' }),
    )
    await context.close()
  })

  it("a message signed by a key that isn't the fid's custody ends on 'Something went wrong. Try again.'", async () => {
    const { context, page } = await e2e.newPage()
    const dialog = await openFarcaster(page)
    const link = dialog.getByRole('link', { name: 'Open the Farcaster app' })
    await link.waitFor({ timeout: 30_000 })
    const impostor = privateKeyToAccount(generatePrivateKey())
    const first = (await link.getAttribute('href'))!
    const signed = await signConnectUri(first, impostor, FID)
    expect((await completeChannel(send, signed)).status).toBe(201)
    await dialog.getByText('Something went wrong. Try again.').waitFor({ timeout: 30_000 })
    expect(await page.getByTestId('signed-in').count()).toBe(0)
    // 'Try again' opens a fresh channel.
    await dialog.getByRole('button', { name: 'Try again' }).click()
    const fresh = dialog.getByRole('link', { name: 'Open the Farcaster app' })
    await fresh.waitFor({ timeout: 30_000 })
    expect(await fresh.getAttribute('href')).not.toBe(first)
    await context.close()
  })
})
