import { ed25519 } from '@noble/curves/ed25519'
import { hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { startAnvilRegistry } from '../standins/anvilIdRegistry.js'
import { completeChannel, signConnectUri } from '../standins/farcasterApp.js'
import { startWarpcastSignerStandin } from '../standins/warpcastSignerStandin.js'
import { chooseLoginOption } from './kit/landing.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const FID = 31337
const APP_FID = 4242
// The user's Farcaster custody (their sign-in) and the app's own Farcaster account, both registered on anvil's ID registry.
const custody = privateKeyToAccount(generatePrivateKey())
const APP_CUSTODY_KEY = generatePrivateKey()

const registry = useStandin(async () => {
  const anvil = await startAnvilRegistry()
  await anvil.setCustody(FID, custody.address)
  await anvil.setCustody(APP_FID, privateKeyToAccount(APP_CUSTODY_KEY).address)
  return anvil
}, (anvil) => anvil.stop())
// Warpcast's API: it reads requestFid's custody from the anvil registry and verifies the EIP-712 signature through anvil.
const warpcast = useStandin(() => startWarpcastSignerStandin({ rpcUrl: registry().rpcUrl }), (standin) => standin.close())
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    farcaster: { rpc_url: registry().rpcUrl, connect_host: 'https://farcaster.test' },
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    'farcaster-signer': { custody_private_key: APP_CUSTODY_KEY, request_fid: APP_FID },
  }),
  FOYER_FARCASTER_SIGNER_API_URL: warpcast().url,
}))

const send = (path: string, init: RequestInit) => fetch(`${e2e.stack.apiUrl}${path}`, init)

describe('Farcaster signers in Chromium against the real server, a Warpcast stand-in and an anvil ID registry', () => {
  it("a Farcaster user requests a signer, approves it in 'Warpcast', and signs a message hash the key verifies", async () => {
    const { context, page } = await e2e.newPage()
    // The wallet frame's modules as the browser fetches them: the signer's frame half only once a signer is asked for.
    const frameModules: string[] = []
    context.on('request', (request) => {
      if (request.url().startsWith(e2e.stack.walletUrl) && request.url().endsWith('.js')) frameModules.push(new URL(request.url()).pathname)
    })
    const halfLoaded = () => frameModules.some((path) => path.startsWith('/assets/half-farcaster-signer-'))
    await page.goto(e2e.stack.appUrl)
    const dialog = await chooseLoginOption(page, 'Farcaster')
    const link = dialog.getByRole('link', { name: 'Open the Farcaster app' })
    await link.waitFor({ timeout: 30_000 })
    expect((await completeChannel(send, await signConnectUri((await link.getAttribute('href'))!, custody, FID))).status).toBe(201)
    await page.getByTestId('signed-in').waitFor({ timeout: 30_000 })

    // The card shows once the login created the embedded wallet.
    const card = page.getByTestId('farcaster-signer')
    await card.waitFor({ timeout: 30_000 })
    expect(await card.getByTestId('farcaster-signer-key').textContent()).toBe('none')
    // The frame ran the login's wallet creation with its kernel alone.
    expect(frameModules.some((path) => path.startsWith('/assets/frame-'))).toBe(true)
    expect(halfLoaded()).toBe(false)
    const popup = context.waitForEvent('page', { timeout: 15_000 })
    await card.getByRole('button', { name: 'Request Farcaster signer' }).click()
    await dialog.getByText('Awaiting Farcaster signer').waitFor({ timeout: 30_000 })
    expect(halfLoaded()).toBe(true)
    // The approval URL's QR code carries the key request's token: covered.
    await docsShot(dialog, 'farcaster-signer-awaiting', { mask: [dialog.getByRole('img')] })
    const open = dialog.getByRole('link', { name: 'Open Warpcast' })
    const approvalUrl = (await open.getAttribute('href'))!
    expect(approvalUrl).toMatch(new RegExp(`^${warpcast().url}/deeplinks/signed-key-request\\?token=0x`))
    // The approval URL opened in a new tab, from the click.
    const tab = await popup
    await tab.waitForURL(approvalUrl, { timeout: 15_000 })

    // The stand-in accepted the app's signed key request (signature checked against APP_FID's custody on anvil).
    const token = new URL(approvalUrl).searchParams.get('token')!
    const request = warpcast().requests.get(token)!
    expect(request).toMatchObject({ requestFid: APP_FID, state: 'pending' })
    expect(warpcast().rejected).toEqual([])
    warpcast().approve(token, FID)

    // The screen closes and the user now carries farcaster.signerPublicKey.
    await dialog.waitFor({ state: 'detached', timeout: 15_000 })
    await expect.poll(() => card.getByTestId('farcaster-signer-key').textContent(), { timeout: 10_000 }).toBe(request.key)

    // requestFarcasterSignerFromWarpcast() resolved with the approved key.
    expect(await card.locator('[data-testid="farcaster-signer-result"][data-label="Signer"] code').textContent()).toBe(request.key)

    await card.getByRole('button', { name: 'Sign a Farcaster message' }).click()
    const result = card.locator('[data-testid="farcaster-signer-result"][data-label="Message hash signature"]')
    await result.waitFor({ timeout: 20_000 })
    const [hash, signature] = (await result.locator('code').textContent())!.split(' ') as [`0x${string}`, `0x${string}`]
    expect(hexToBytes(hash)).toHaveLength(20)
    expect(ed25519.verify(hexToBytes(signature), hexToBytes(hash), hexToBytes(request.key))).toBe(true)
    await context.close()
  })
})
