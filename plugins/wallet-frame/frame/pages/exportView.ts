import bs58 from 'bs58'
import { bytesToHex } from '@noble/hashes/utils'
import { ethereumKeyOf } from '../keys/ethereumKey.js'
import { solanaKeypairOf } from '../keys/solanaKeypair.js'
import { isHdSecret } from '../keys/walletSecret.js'
import { mnemonicOf } from '../keys/walletSeed.js'
import { copyButton, h } from './frameDom.js'
import type { UnlockedWallet } from '../vault/walletVault.js'

/** What the export page shows of a wallet: its private key and, for a root made here, the recovery phrase. */
export function exportedKeys(wallet: UnlockedWallet): { privateKey: string; phrase: string | null } {
  if (wallet.root.chainType === 'solana') {
    const pair = solanaKeypairOf(wallet.secret, wallet.walletIndex)
    const full = new Uint8Array(64)
    full.set(pair.secretKey)
    full.set(pair.publicKey, 32)
    return { privateKey: bs58.encode(full), phrase: mnemonicOf(wallet.secret) }
  }
  return {
    privateKey: `0x${bytesToHex(ethereumKeyOf(wallet.secret, wallet.walletIndex).privateKey)}`,
    phrase: isHdSecret(wallet.secret) ? mnemonicOf(wallet.secret) : null,
  }
}

/**
 * Renders the keys into this page (the export frame's own DOM), styled like the modal: a labelled read-only field per
 * secret, with a Copy button that says 'Copied' (announced) once the clipboard has it.
 */
export function renderExport(doc: Document, keys: { privateKey: string; phrase: string | null }): void {
  // The host's screen shows the title ('Transfer wallet'); this page's heading is for screen readers.
  const box = h(doc, 'main', { class: 'foyer-page', 'data-testid': 'foyer-export-keys' }, h(doc, 'h1', { class: 'foyer-visually-hidden' }, 'Your wallet keys'))
  const field = (label: string, value: string, id: string) => {
    const text = h(doc, 'textarea', { id, class: 'foyer-secret', readonly: '', spellcheck: 'false', autocomplete: 'off', rows: String(value.length > 80 ? 3 : 2), 'data-testid': id })
    text.value = value
    // 'Private key copied' is announced by a status line; the button's description names what it copies.
    const status = h(doc, 'span', { class: 'foyer-visually-hidden', role: 'status', 'data-testid': `${id}-status` })
    const copy = copyButton(doc, `${id}-copy`, () => value, text, (copied) => (status.textContent = copied ? `${label} copied` : ''))
    copy.setAttribute('aria-describedby', `${id}-label`)
    const head = h(doc, 'div', { class: 'foyer-field-head' }, h(doc, 'label', { class: 'foyer-label', for: id, id: `${id}-label` }, label), copy)
    box.append(h(doc, 'div', { class: 'foyer-field' }, head, text, status))
  }
  field('Private key', keys.privateKey, 'foyer-export-key')
  if (keys.phrase) field('Recovery phrase', keys.phrase, 'foyer-export-phrase')
  doc.body.replaceChildren(box)
}
