/** A linked account (Privy's REST shape) in a few words: its type and what identifies it. */
export function accountLabel(account: Record<string, unknown>): string {
  const id = ['address', 'number', 'phone_number', 'email', 'username', 'fid', 'telegram_user_id', 'subject', 'credential_id'].map((key) => account[key]).find((v) => typeof v === 'string' || typeof v === 'number')
  const type = typeof account.type === 'string' ? account.type : 'account'
  return id === undefined ? type : `${type}: ${String(id)}`
}
