import bs58 from 'bs58'
import { bytesToHex } from 'viem'
import { ethereumAccountOf } from './keys/ethereumAccount.js'
import { solanaKeypairOf } from './keys/solanaKeypair.js'
import { isHdSecret, mnemonicOf } from './keys/walletSecret.js'
import type { UnlockedWallet } from './walletVault.js'

/** What the export page shows of a wallet: its private key and, for a root made here, the recovery phrase. */
export function exportedKeys(wallet: UnlockedWallet): { privateKey: string; phrase: string | null } {
  if (wallet.root.chainType === 'solana') {
    const pair = solanaKeypairOf(wallet.secret, wallet.walletIndex)
    const full = new Uint8Array(64)
    full.set(pair.secretKey)
    full.set(pair.publicKey, 32)
    return { privateKey: bs58.encode(full), phrase: mnemonicOf(wallet.secret) }
  }
  const account = ethereumAccountOf(wallet.secret, wallet.walletIndex)
  const hd = 'getHdKey' in account ? account.getHdKey().privateKey : null
  return {
    privateKey: hd ? bytesToHex(hd) : bytesToHex(wallet.secret),
    phrase: isHdSecret(wallet.secret) ? mnemonicOf(wallet.secret) : null,
  }
}

/** Renders the keys into this page (the export frame's own DOM): read-only fields with a copy button each. */
export function renderExport(doc: Document, keys: { privateKey: string; phrase: string | null }): void {
  const root = doc.body
  root.replaceChildren()
  Object.assign(root.style, { margin: '0', font: '14px system-ui, sans-serif', color: '#111', background: 'transparent' })
  const field = (label: string, value: string, id: string) => {
    const box = doc.createElement('div')
    Object.assign(box.style, { margin: '0 0 12px' })
    const name = doc.createElement('label')
    name.textContent = label
    name.htmlFor = id
    Object.assign(name.style, { display: 'block', fontWeight: '600', marginBottom: '4px' })
    const text = doc.createElement('textarea')
    text.id = id
    text.readOnly = true
    text.value = value
    text.rows = value.length > 80 ? 3 : 2
    Object.assign(text.style, { width: '100%', boxSizing: 'border-box', fontFamily: 'ui-monospace, monospace', fontSize: '12px', resize: 'none' })
    const copy = doc.createElement('button')
    copy.type = 'button'
    copy.textContent = 'Copy'
    copy.onclick = () => {
      text.select()
      void navigator.clipboard?.writeText(value).then(() => (copy.textContent = 'Copied'), () => doc.execCommand('copy'))
    }
    box.append(name, text, copy)
    root.append(box)
  }
  field('Private key', keys.privateKey, 'foyer-export-key')
  if (keys.phrase) field('Recovery phrase', keys.phrase, 'foyer-export-phrase')
}
