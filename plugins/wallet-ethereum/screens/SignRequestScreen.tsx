import { Button, ErrorText, PluginIcon, ScreenLayout, useFoyerKernel, usePluginState, useScreenState, useT } from '../../../ui/index.js'
import type { EthereumSignRequest } from '../ethereumWallet.js'
import type { WalletEthereumState } from '../walletEthereumState.js'
import { WALLET_ETHEREUM_ID } from '../ethereumScreens.js'
import { TypedDataView } from './TypedDataView.js'

/** Host texts of the sign screen (Privy's `uiOptions`). */
export interface SignUiOptions {
  title?: string
  description?: string
  buttonText?: string
  iconUrl?: string
}

/** What the sign screen shows and signs. */
export interface SignRequestParams {
  address: string
  request: EthereumSignRequest
  /** The message as the user reads it (text, or typed data as JSON). */
  display: string
  uiOptions?: SignUiOptions
}

/** The spec's delay between 'Success' and the answer. */
export const SIGN_SUCCESS_DELAY_MS = 200

/**
 * 'Sign message': the message, 'Sign and continue' → 'Signing...' → 'Success'. Closing rejects (4001). Typed data
 * (EIP-712) has its own title, 'Sign typed data', and shows its domain and message as fields, not JSON.
 */
export default function SignRequestScreen({ params }: { params: SignRequestParams }) {
  const foyer = useFoyerKernel()
  const state = usePluginState<WalletEthereumState>(WALLET_ETHEREUM_ID)
  const t = useT()
  // With the request, not this mount: an MFA step-up pushes 'Verify your identity' over the screen while it signs.
  const [status, setStatus] = useScreenState<'idle' | 'signing' | 'success'>('status', 'idle')
  const [error, setError] = useScreenState<string | null>('error', null)
  const ui = params.uiOptions ?? {}
  // EIP-712 data shows as its domain and message fields; legacy (v1) typed data as its name: value lines.
  const typed = params.request.method === 'eth_signTypedData_v4'
  const legacyTyped = params.request.method === 'eth_signTypedData'

  const sign = async () => {
    setStatus('signing')
    setError(null)
    try {
      const signature = await (await state.wallet()).sign(params.address, params.request)
      setStatus('success')
      setTimeout(() => foyer.modal.resolve(signature), SIGN_SUCCESS_DELAY_MS)
    } catch {
      setStatus('idle')
      setError('An error has occurred, please try again.')
    }
  }
  const label = status === 'signing' ? t('embeddedWallet.sign.signing') : status === 'success' ? t('embeddedWallet.sign.success') : (ui.buttonText ?? t('embeddedWallet.sign.button'))

  return (
    <ScreenLayout
      icon={ui.iconUrl ? <PluginIcon icon={ui.iconUrl} /> : undefined}
      title={ui.title ?? t(typed || legacyTyped ? 'embeddedWallet.signTypedData.title' : 'embeddedWallet.sign.title')}
      subtitle={ui.description ?? t('embeddedWallet.sign.description')}
      footer={
        <Button variant="primary" onClick={sign} loading={status === 'signing'} disabled={status !== 'idle'} data-testid="foyer-sign-button">
          {label}
        </Button>
      }
    >
      {typed ? (
        <TypedDataView json={String(params.request.params[1])} />
      ) : (
        <pre className="foyer-sign-message" data-testid="foyer-sign-message" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 240, overflow: 'auto' }}>
          {params.display}
        </pre>
      )}
      {error ? <ErrorText>{error}</ErrorText> : <ErrorText />}
    </ScreenLayout>
  )
}
