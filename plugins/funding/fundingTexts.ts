/** English texts of the hub's screens (keys to override with `config.intl.textLocalization`). */
export const fundingTexts: Record<string, string> = {
  'funding.select.title': 'Add funds to your {chain} wallet',
  'funding.select.amount': 'Amount',
  'funding.select.manual': 'Send funds manually',
  'funding.select.choose': 'Choose how to add funds',
  'funding.manual.title': 'Send funds to your wallet',
  'funding.manual.subtitle': 'Send {amount} {symbol} to this address from another wallet or an exchange.',
  'funding.manual.network': 'Only send {symbol} on the {chain} network. Funds sent on another network may be lost.',
  'funding.manual.copy': 'Copy address',
  'funding.manual.copied': 'Copied',
  'funding.manual.scan': 'Scan QR code',
  'funding.manual.hideQr': 'Hide QR code',
  'funding.manual.qrLabel': 'QR code of your wallet address',
  'funding.manual.waiting': 'Waiting for funds…',
  'funding.manual.balance': 'Balance: {balance} {symbol}',
  'funding.manual.received': 'Funds received!',
  'funding.close': 'Close',
  'funding.status.success.title': "You've funded your account!",
  'funding.status.success.body': 'It may take a few minutes for the assets to appear.',
  'funding.status.processing.title': 'Processing payment',
  'funding.status.processing.body': '{provider} may take up to a few hours. You will receive an email when the purchase is complete.',
  'funding.status.in-progress.title': 'In Progress',
  'funding.status.in-progress.body': 'Go back to {provider} to finish funding your account.',
}

/** A funding status the hub's status screen shows (providers show it with `funding/status`). */
export type FundingStatus = 'success' | 'processing' | 'in-progress'

/** The status screen's title and body keys with their variables. */
export function statusText(status: FundingStatus, provider: string): { title: string; body: string; vars: { provider: string } } {
  return { title: `funding.status.${status}.title`, body: `funding.status.${status}.body`, vars: { provider } }
}
