import type { LinkedAccount } from 'foyer'

/** How the page shows one linked account and how it unlinks it. */
export interface LinkedAccountView {
  /** The account's identifier as the API names it (address, number, subject, …); '' when it has none. */
  label: string
  /** A friendlier second line when the account has one (an OAuth e-mail, a Farcaster username, …). */
  detail: string | null
  /** The login method whose icon fits the account ('sms' for a phone, 'google' for google_oauth). */
  loginMethod: string
  /** `unlink(method, ...args)` for this account; null when no plugin can unlink it (guest, custom JWT). */
  unlink: [string, ...unknown[]] | null
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null)

/** Label, detail, icon method and unlink call of a linked account. */
export function linkedAccountView(account: LinkedAccount): LinkedAccountView {
  const label = text(account.address ?? account.number ?? account.subject ?? account.customUserId ?? account.telegramUserId ?? account.fid) ?? ''
  const type = account.type
  if (type === 'email') return { label, detail: null, loginMethod: 'email', unlink: ['email', account.address] }
  if (type === 'phone') return { label, detail: null, loginMethod: 'sms', unlink: ['phone', account.number] }
  if (type === 'wallet') {
    const solana = account.chainType === 'solana'
    const detail = [solana ? 'Solana' : 'Ethereum', text(account.walletClientType)].filter(Boolean).join(' · ')
    return { label, detail, loginMethod: solana ? 'solana_wallet' : 'wallet', unlink: [solana ? 'solanaWallet' : 'wallet', account.address] }
  }
  if (type.endsWith('_oauth')) {
    const provider = type.slice(0, -'_oauth'.length)
    return { label, detail: text(account.email) ?? text(account.username) ?? text(account.name), loginMethod: provider, unlink: ['oauth', provider, account.subject] }
  }
  if (type === 'farcaster') return { label, detail: text(account.username), loginMethod: 'farcaster', unlink: ['farcaster', account.fid] }
  if (type === 'telegram') return { label, detail: text(account.username), loginMethod: 'telegram', unlink: ['telegram', account.telegramUserId] }
  if (type === 'passkey') {
    return { label: shorten(text(account.credentialId) ?? ''), detail: text(account.authenticatorName), loginMethod: 'passkey', unlink: ['passkey', account.credentialId] }
  }
  return { label, detail: null, loginMethod: type, unlink: null }
}

/** A credential id is 40+ characters of base64url: its ends tell passkeys apart. */
function shorten(id: string): string {
  return id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-6)}` : id
}
