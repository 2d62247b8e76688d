import { useState } from 'react'
import { useSolanaWallets, type User } from 'foyer'
import { embeddedWalletsOf, useSendSolanaTransaction } from 'foyer/plugins/embedded-wallet'
import { DelegatedActionsButtons } from './DelegatedActionsButtons.js'
import { LocalFaucetButton } from './LocalFaucetButton.js'
import { localStack } from './localStack.js'

/** Where 'Send 0.5 SOL' sends (a fixed address the e2e reads the balance of). */
export const SOLANA_DEMO_RECIPIENT = 'GsXLvGuBGw2mqNLA2XSP2SEUbk4x1cJhw3LXSkLwqBX7'
/** The token account 'Approve a token delegate' approves from (the e2e creates it, owned by the wallet). */
export const SOLANA_DEMO_TOKEN_ACCOUNT = '9bThfXRomRiLBY3CCFFjs1M3gVmZDWDxgwhkC4wt3MuA'
/** The delegate it approves. */
export const SOLANA_DEMO_DELEGATE = 'Wsh6mD9Wkz2DYGxDAMyHsoEPFQn633bRGd5rw4ZwDXw'
/** The amount it approves (token base units). */
export const SOLANA_DEMO_APPROVE_AMOUNT = 1_000_000n
const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The SPL Memo program: an instruction the preview doesn't read ('Unsupported Program ID'). */
const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

type Demo = 'transfer' | 'approve' | 'overspend' | 'sign' | 'memo'

/**
 * Solana transactions with the embedded Solana wallet: useSendSolanaTransaction() with @solana/web3.js transactions
 * (loaded on click), previewed on the confirmation screen, signed in the wallet frame and sent to the configured
 * cluster (?solana_rpc= sets mainnet-beta's RPC URL; the e2e points it at a litesvm stand-in). The approve goes
 * through the listed wallet's own sendTransaction(tx, connection) instead, and 'Sign a transfer' through its
 * signTransaction(tx) (signed, not sent).
 */
export function SolanaTransactionsCard({ user }: { user: User }) {
  const { sendTransaction } = useSendSolanaTransaction()
  const embedded = useSolanaWallets().wallets.find((w) => w.walletClientType === 'privy')
  const [result, setResult] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const wallet = embeddedWalletsOf(user, 'solana')[0]
  if (!wallet) return null
  const address = String(wallet.address)

  const run = async (demo: Demo) => {
    setBusy(true)
    try {
      const { PublicKey, SystemProgram, Transaction, TransactionInstruction, LAMPORTS_PER_SOL } = await import('@solana/web3.js')
      const owner = new PublicKey(address)
      const tx = new Transaction()
      if (demo === 'approve') {
        const data = new Uint8Array(9)
        data[0] = 4
        new DataView(data.buffer).setBigUint64(1, SOLANA_DEMO_APPROVE_AMOUNT, true)
        tx.add(
          new TransactionInstruction({
            programId: new PublicKey(TOKEN_PROGRAM_ID),
            keys: [
              { pubkey: new PublicKey(SOLANA_DEMO_TOKEN_ACCOUNT), isSigner: false, isWritable: true },
              { pubkey: new PublicKey(SOLANA_DEMO_DELEGATE), isSigner: false, isWritable: false },
              { pubkey: owner, isSigner: true, isWritable: false },
            ],
            // web3.js types the data as a Buffer; it reads any bytes.
            data: data as unknown as Buffer,
          }),
        )
      } else if (demo === 'memo') {
        tx.add(new TransactionInstruction({ programId: new PublicKey(MEMO_PROGRAM_ID), keys: [{ pubkey: owner, isSigner: true, isWritable: false }], data: new TextEncoder().encode('Hello from Foyer') as unknown as Buffer }))
      } else {
        const lamports = demo === 'overspend' ? 1000 * LAMPORTS_PER_SOL : LAMPORTS_PER_SOL / 2
        tx.add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: new PublicKey(SOLANA_DEMO_RECIPIENT), lamports }))
      }
      if (demo === 'sign') {
        const signed = await embedded!.signTransaction!(tx)
        setResult(`Signed: ${btoa(String.fromCharCode(...signed.serialize()))}`)
      } else if (demo === 'approve') {
        // The wallet's own sendTransaction, over a web3.js Connection to the same node.
        const { Connection } = await import('@solana/web3.js')
        const rpcUrl = new URLSearchParams(location.search).get('solana_rpc') ?? localStack?.solanaRpcUrl ?? 'https://api.mainnet-beta.solana.com'
        setResult(`Signature: ${await embedded!.sendTransaction!(tx, new Connection(rpcUrl, 'confirmed'))}`)
      } else {
        // No connection: the configured cluster's RPC; the wallet fills the fee payer and the blockhash.
        const { signature } = await sendTransaction(tx)
        setResult(`Signature: ${signature}`)
      }
    } catch (error) {
      // An EIP-1193 code (4001: the user closed the screen) before the message.
      const code = (error as { code?: unknown } | null)?.code
      setResult(`Error: ${typeof code === 'number' ? `${code} ` : ''}${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" aria-labelledby="solana-tx-title" data-testid="solana-transactions">
      <h2 id="solana-tx-title">Solana transactions</h2>
      <p className="card-lead">
        From <code>{address}</code>
      </p>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run('transfer')}>
          Send 0.5 SOL
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run('approve')}>
          Approve a token delegate
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run('overspend')}>
          Send 1000 SOL
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run('memo')}>
          Send a memo
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy || !embedded?.signTransaction} onClick={() => void run('sign')}>
          Sign a transfer
        </button>
        <LocalFaucetButton chain="solana" address={address} />
      </div>
      {result ? (
        <p className="card-lead" data-testid="solana-tx-result" style={{ wordBreak: 'break-all' }}>
          {result}
        </p>
      ) : null}
      <DelegatedActionsButtons user={user} />
    </section>
  )
}
