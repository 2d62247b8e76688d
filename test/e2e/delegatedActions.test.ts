import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAuthorizationHeaders } from '../../plugins/delegated-actions/server.js'
import { startSolanaRpcStandin } from '../standins/solanaRpcStandin.js'
import { signUpByEmail } from './kit/signIn.js'
import { useStack, useStandin } from './kit/useStack.js'
import { docsShot } from './kit/docsShot.js'

const APP_SECRET = 'e2e-delegated-actions-app-secret'
const RPC_PATH = '/api/v1/delegated_actions/solana/rpc'
const SOL = 1_000_000_000n
// The app's authorization key (in its section) and a key that isn't the app's.
const appKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const strangerKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })

const solana = useStandin(() => startSolanaRpcStandin(), (node) => node.stop())
const e2e = useStack(() => ({
  FOYER_DEV_APP: JSON.stringify({
    'embedded-wallet': { create_on_login: 'users-without-wallets' },
    'delegated-actions': {
      app_secret: APP_SECRET,
      authorization_keys: [appKey.publicKey.export({ type: 'spki', format: 'pem' }).toString()],
      allowed_programs: ['11111111111111111111111111111111'],
    },
  }),
}))

/** Signs up by e-mail with the Solana cluster on the stand-in, then creates the embedded Solana wallet; its address. */
async function signUpWithSolanaWallet(page: Page, email: string): Promise<string> {
  await signUpByEmail(page, e2e.stack, email, `/?solana_rpc=${encodeURIComponent(solana().rpcUrl)}`)
  const dialog = page.getByRole('dialog')
  await dialog.getByText('All set!').waitFor({ timeout: 30_000 })
  await dialog.waitFor({ state: 'detached', timeout: 10_000 })
  await page.getByRole('button', { name: 'Create a Solana wallet' }).click()
  const card = page.getByTestId('solana-transactions')
  await card.waitFor({ timeout: 20_000 })
  return (await card.locator('code').first().textContent())!
}

/**
 * The host's back end calling Foyer (no user, no browser): the app id header and Basic auth (with an idempotency key of
 * its own, optional there), or an ES256 signature over the request, a new idempotency key and an expiry a minute ahead.
 */
async function backEnd(body: unknown, auth: 'basic' | { key: typeof appKey.privateKey }) {
  const url = `${e2e.stack.apiUrl}${RPC_PATH}`
  const headers: Record<string, string> = { 'content-type': 'application/json', 'foyer-app-id': e2e.stack.appId }
  if (auth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${e2e.stack.appId}:${APP_SECRET}`).toString('base64')}`
    headers['foyer-idempotency-key'] = randomUUID()
  } else Object.assign(headers, createAuthorizationHeaders(auth.key, { method: 'POST', url, body, appId: e2e.stack.appId }))
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as { code?: string; data?: { signed_transaction?: string; signature?: string } } }
}

describe('Delegated actions in Chromium (real server, wallet frame, litesvm stand-in, the host back end in node)', () => {
  it('consent in the modal, the back end signs a transfer that confirms, a program outside the list and ES256 with a wrong key are refused, Deny keeps it, revoke stops it', async () => {
    const { context, page } = await e2e.newPage()
    const address = await signUpWithSolanaWallet(page, 'delegation.user@example.com')
    solana().fund(address, 2n * SOL)
    const panel = page.getByTestId('delegated-actions')
    const dialog = page.getByRole('dialog')
    expect(await panel.getAttribute('data-delegated')).toBe('false')

    // Phase 1: 'No thanks' declines with the spec's error; 'Accept' delegates, shows success and closes by itself.
    await panel.getByRole('button', { name: 'Delegate actions' }).click()
    await dialog.getByRole('heading', { name: 'Enable delegated actions' }).waitFor({ timeout: 20_000 })
    await docsShot(dialog, 'delegated-actions-consent')
    await dialog.getByRole('button', { name: 'No thanks' }).click()
    await expect.poll(() => page.getByTestId('delegated-actions-result').textContent()).toBe('Error: User declined delegating actions.')
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await panel.getByRole('button', { name: 'Delegate actions' }).click()
    await dialog.getByRole('heading', { name: 'Enable delegated actions' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Accept' }).click()
    await dialog.getByText('Delegated actions enabled').waitFor({ timeout: 20_000 })
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => page.getByTestId('delegated-actions-result').textContent()).toBe('Delegated')
    expect(await panel.getAttribute('data-delegated')).toBe('true')

    // Phase 2: the host's back end has Foyer sign a transfer (app secret), sends it to the node, and it lands.
    const recipient = Keypair.generate().publicKey
    const connection = new Connection(solana().rpcUrl, 'confirmed')
    const tx = new Transaction({ feePayer: new PublicKey(address), recentBlockhash: (await connection.getLatestBlockhash()).blockhash })
    tx.add(SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: recipient, lamports: Number(SOL / 10n) }))
    const request = { address, method: 'signTransaction', params: { transaction: tx.serialize({ requireAllSignatures: false }).toString('base64') } }
    const signed = await backEnd(request, 'basic')
    expect(signed.status).toBe(200)
    const raw = Buffer.from(signed.body.data!.signed_transaction!, 'base64')
    expect(Transaction.from(raw).verifySignatures()).toBe(true)
    await connection.sendRawTransaction(raw)
    expect(solana().balance(recipient.toBase58())).toBe(SOL / 10n)
    expect(solana().balance(address)).toBe(2n * SOL - SOL / 10n - 5000n)

    // A transaction that calls a program outside the app's allowed_programs is refused, and nothing is signed.
    const outside = new Transaction({ feePayer: new PublicKey(address), recentBlockhash: (await connection.getLatestBlockhash()).blockhash })
    outside.add({ programId: Keypair.generate().publicKey, keys: [{ pubkey: new PublicKey(address), isSigner: true, isWritable: true }], data: Buffer.from('hi') })
    const notAllowed = await backEnd({ address, method: 'signTransaction', params: { transaction: outside.serialize({ requireAllSignatures: false }).toString('base64') } }, 'basic')
    expect(notAllowed.status).toBe(403)
    expect(notAllowed.body.code).toBe('program_not_allowed')
    expect(notAllowed.body.data?.signed_transaction).toBeUndefined()

    // Phase 3: ES256 — the app's key is accepted, a key that isn't the app's is refused.
    const message = { address, method: 'signMessage', params: { message: Buffer.from('hello').toString('base64') } }
    expect((await backEnd(message, { key: appKey.privateKey })).status).toBe(200)
    const stranger = await backEnd(message, { key: strangerKey.privateKey })
    expect(stranger.status).toBe(401)
    expect(stranger.body.code).toBe('unauthorized')

    // Phase 4: 'Revoke permission' → Deny declines with the spec's error and changes nothing; then Confirm revokes, and
    // the back end's same request is refused afterwards.
    await panel.getByRole('button', { name: 'Revoke delegation' }).click()
    await dialog.getByRole('heading', { name: 'Revoke permission' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Deny' }).click()
    await expect.poll(() => page.getByTestId('delegated-actions-result').textContent()).toBe('Error: User declined revoking access...')
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    expect(await panel.getAttribute('data-delegated')).toBe('true')
    expect((await backEnd(message, 'basic')).status).toBe(200)
    await panel.getByRole('button', { name: 'Revoke delegation' }).click()
    await dialog.getByRole('heading', { name: 'Revoke permission' }).waitFor({ timeout: 20_000 })
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await dialog.getByText('Permission revoked').waitFor({ timeout: 20_000 })
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await expect.poll(() => panel.getAttribute('data-delegated')).toBe('false')
    const refused = await backEnd(request, 'basic')
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('wallet_not_delegated')
    await context.close()
  })
})
