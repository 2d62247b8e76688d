import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { FrameFailure } from '../../wallet-frame/frame.js'
import type { SolanaKeypair } from '../../../test/kit/walletFrameKit.js'
import { SOLANA_SIGNER_MISSING, signSolanaTransaction } from '../../../test/kit/walletFrameKit.js'
import { insufficientFundsLines, solanaWsUrlOf } from '../../../core/client/wallets/solanaRpc.js'
import { resolveSolanaCluster } from '../../../core/client/wallets/solanaClusters.js'
import { loadSolanaTransactions, SOLANA_SEND_SCREEN } from '../../wallet-transactions/index.js'
import { embeddedSolanaAccount, fakeWalletFrame, kitUser, startKitFoyer } from '../../../test/kit/fakeWalletFrame.js'
import { embeddedWallet, type EmbeddedWalletOptions } from '../index.js'

const BLOCKHASH = new PublicKey(new Uint8Array(32).fill(9)).toBase58()
const payer = Keypair.generate()
const recipient = Keypair.generate().publicKey
const frameKey = (kp: Keypair): SolanaKeypair => ({ secretKey: kp.secretKey.slice(0, 32), publicKey: kp.publicKey.toBytes(), address: kp.publicKey.toBase58() })

const transfer = (lamports: number | bigint, from = payer.publicKey) =>
  new Transaction({ feePayer: from, recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: recipient, lamports }))


describe('Solana clusters and node logs', () => {
  it('clusters: mainnet-beta by default, configurable RPC URLs, the WebSocket on port + 1', () => {
    expect(resolveSolanaCluster()).toEqual({ name: 'mainnet-beta', rpcUrl: 'https://api.mainnet-beta.solana.com', wsUrl: 'wss://api.mainnet-beta.solana.com/' })
    expect(resolveSolanaCluster([{ name: 'devnet' }])).toMatchObject({ name: 'devnet', rpcUrl: 'https://api.devnet.solana.com' })
    expect(resolveSolanaCluster([{ name: 'mainnet-beta', rpcUrl: 'http://127.0.0.1:8899' }])).toMatchObject({ rpcUrl: 'http://127.0.0.1:8899', wsUrl: 'ws://127.0.0.1:8900/' })
    expect(resolveSolanaCluster([{ name: 'devnet' }, { name: 'testnet', rpcUrl: 'http://t' }], 'testnet').rpcUrl).toBe('http://t')
    expect(solanaWsUrlOf('https://rpc.example/x')).toBe('wss://rpc.example/x')
  })

  it('surfaces the insufficient-lamports log lines', () => {
    const logs = ['Program 11111111111111111111111111111111 invoke [1]', 'Transfer: insufficient lamports 1499990000, need 50000000000', 'Program 11111111111111111111111111111111 failed: custom program error: 0x1']
    expect(insufficientFundsLines(logs)).toEqual([logs[1]])
  })
})

describe("the frame's Solana signTransaction", () => {
  it("signs the wallet's slot (legacy and v0): the signature verifies and web3.js accepts the result", () => {
    const signed = signSolanaTransaction(frameKey(payer), transfer(7).serialize({ requireAllSignatures: false }))
    const tx = Transaction.from(signed)
    expect(tx.verifySignatures()).toBe(true)

    const v0 = new VersionedTransaction(new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: BLOCKHASH, instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1 })] }).compileToV0Message())
    const signedV0 = VersionedTransaction.deserialize(signSolanaTransaction(frameKey(payer), v0.serialize()))
    expect(ed25519.verify(signedV0.signatures[0]!, signedV0.message.serialize(), payer.publicKey.toBytes())).toBe(true)
  })

  it("keeps other signers' slots and signs its own when it is the second signer", () => {
    const other = Keypair.generate()
    const tx = new Transaction({ feePayer: other.publicKey, recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1 }))
    tx.partialSign(other)
    const signed = Transaction.from(signSolanaTransaction(frameKey(payer), tx.serialize({ requireAllSignatures: false })))
    expect(signed.verifySignatures()).toBe(true)
  })

  it("refuses a transaction without the signer's public key among its signers", () => {
    const stranger = Keypair.generate().publicKey
    const bytes = transfer(1, stranger).serialize({ requireAllSignatures: false })
    expect(() => signSolanaTransaction(frameKey(payer), bytes)).toThrow(new FrameFailure('invalid_request_arguments', SOLANA_SIGNER_MISSING))
    // A non-signer account (the recipient) doesn't count.
    const recipientKey = Keypair.generate()
    const toIt = new Transaction({ feePayer: payer.publicKey, recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipientKey.publicKey, lamports: 1 }))
    expect(() => signSolanaTransaction(frameKey(recipientKey), toIt.serialize({ requireAllSignatures: false }))).toThrow(SOLANA_SIGNER_MISSING)
    expect(() => signSolanaTransaction(frameKey(payer), new Uint8Array([1, 2, 3]))).toThrow(FrameFailure)
  })
})

describe('the client half of a web3.js transaction', () => {
  it('fills a legacy transaction fee payer with the wallet, and answers the signed bytes as the caller class', async () => {
    const { asTransaction, transactionBytes } = await loadSolanaTransactions()
    const tx = new Transaction({ recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 3 }))
    const bytes = await transactionBytes(tx, payer.publicKey.toBase58(), undefined)
    expect(tx.feePayer?.toBase58()).toBe(payer.publicKey.toBase58())
    const signed = asTransaction(tx, signSolanaTransaction(frameKey(payer), bytes))
    expect(signed).toBeInstanceOf(Transaction)
    expect(signed.verifySignatures()).toBe(true)
    const v0 = new VersionedTransaction(new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: BLOCKHASH, instructions: [] }).compileToV0Message())
    expect(asTransaction(v0, signSolanaTransaction(frameKey(payer), await transactionBytes(v0, '', undefined)))).toBeInstanceOf(VersionedTransaction)
  })
})

describe('sendSolanaTransaction with the send screen (real plugin over a fake frame)', () => {
  async function setup(options: EmbeddedWalletOptions) {
    const frame = fakeWalletFrame()
    const kit = await startKitFoyer([{ ...embeddedWallet(options), state: () => frame.state }])
    const address = frame.solanaKeypair(0).address
    kit.signIn(kitUser([embeddedSolanaAccount(address)]))
    const actions = kit.foyer.actions() as unknown as { sendSolanaTransaction(tx: unknown, connection?: unknown): Promise<{ signature: string }> }
    // Fee payer and blockhash given: the screen opens without asking a node.
    const tx = new Transaction({ feePayer: new PublicKey(address), recentBlockhash: BLOCKHASH }).add(SystemProgram.transfer({ fromPubkey: new PublicKey(address), toPubkey: recipient, lamports: 5 }))
    return { ...kit, actions, tx }
  }

  it("passes the host's priceDisplay and cluster to the screen; closing it is 4001 'The user rejected the request.'", async () => {
    const { foyer, actions, tx } = await setup({ priceDisplay: 'native', solana: { clusters: [{ name: 'devnet', rpcUrl: 'http://127.0.0.1:1' }] } })
    const pending = actions.sendSolanaTransaction(tx).catch((e: { code: unknown; message: string }) => e)
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(SOLANA_SEND_SCREEN)
    expect(foyer.$modal.value.intent).toBe('transaction')
    expect(foyer.$modal.value.stack.at(-1)?.params).toMatchObject({ priceDisplay: 'native', network: 'devnet', rpcUrl: 'http://127.0.0.1:1' })
    foyer.modal.close()
    expect(await pending).toMatchObject({ code: 4001, message: 'The user rejected the request.' })
  })

  it("defaults to dollars; closing the error screen answers the failure's code, message and logs", async () => {
    const { foyer, actions, tx } = await setup({})
    const pending = actions.sendSolanaTransaction(tx).catch((e: { code: unknown; message: string; logs: string[] }) => e)
    await expect.poll(() => foyer.$modal.value.stack.at(-1)?.id).toBe(SOLANA_SEND_SCREEN)
    const params = foyer.$modal.value.stack.at(-1)!.params as { priceDisplay: string; outcome: { failure?: unknown } }
    expect(params.priceDisplay).toBe('usd')
    // What the screen records when the node timed out (its error screen): a close answers it.
    params.outcome.failure = { code: 'CLIENT_REQUEST_TIMEOUT', message: 'Timed out waiting for the transaction confirmation', logs: [] }
    foyer.modal.close()
    expect(await pending).toMatchObject({ name: 'SolanaTransactionError', code: 'CLIENT_REQUEST_TIMEOUT', message: 'Timed out waiting for the transaction confirmation' })
  })
})
