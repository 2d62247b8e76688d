import { useEffect, useState } from 'react'
import { FlowError } from '../../../core/errors/index.js'
import { Button, ErrorText, QRCode, ScreenLayout, Spinner, useFoyerKernel, usePluginState, useT, type ScreenProps } from '../../../ui/index.js'
import type { AwaitingSignerParams } from '../farcasterSignerActions.js'
import { farcasterSignerCalls } from '../farcasterSignerCalls.js'
import { farcasterSignerClientCodes } from '../farcasterSignerContext.js'
import type { FarcasterSignerState } from '../farcasterSignerState.js'
import { pollFarcasterSigner } from '../pollFarcasterSigner.js'
import { farcasterSignerMessages } from '../schema.js'

type Failure = { text: string; code: string }

/** The server's message for a refusal it declared (another fid approved…), else the generic one. */
const failureOf = (error: unknown): Failure =>
  error instanceof Error && 'status' in error ? { text: error.message, code: String((error as { code?: unknown }).code ?? 'FARCASTER_SIGNER_FAILED') } : { text: farcasterSignerMessages.apiFailed, code: 'FARCASTER_SIGNER_FAILED' }

/**
 * 'Awaiting Farcaster signer' (§2, §4): the approval URL as a QR code (scan with the phone that has Warpcast) and as
 * a link (the tab the request opened, again); the status polled every 2 s for 300 s at most. Approved → the user is
 * refreshed (now with farcaster.signerPublicKey) and the request resolves, closing the modal. Revoked, another fid's
 * approval or the timeout → an error with 'Try again' (a new request for the same key) and 'Close'.
 */
export default function AwaitingFarcasterSignerScreen({ params }: ScreenProps<AwaitingSignerParams>) {
  const foyer = useFoyerKernel()
  const t = useT()
  const { options } = usePluginState<FarcasterSignerState>('farcaster-signer')
  const [approvalUrl, setApprovalUrl] = useState(params.approvalUrl)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const abort = new AbortController()
    setFailure(null)
    void (async () => {
      try {
        if (attempt > 0) {
          const again = await farcasterSignerCalls.init(foyer, { ed25519_public_key: params.publicKey })
          if (abort.signal.aborted) return
          if (again.signer_approval_url) setApprovalUrl(again.signer_approval_url)
        }
        const outcome = await pollFarcasterSigner(async () => (await farcasterSignerCalls.status(foyer, { ed25519_public_key: params.publicKey })).status, {
          intervalMs: options.pollIntervalMs,
          timeoutMs: options.timeoutMs,
          signal: abort.signal,
        })
        if (outcome === 'aborted' || abort.signal.aborted) return
        if (outcome === 'approved') {
          await foyer.session.refreshUser()
          if (!abort.signal.aborted) foyer.modal.resolve({ publicKey: params.publicKey })
          return
        }
        setFailure(
          outcome === 'revoked'
            ? { text: farcasterSignerMessages.revoked, code: farcasterSignerClientCodes.revoked }
            : { text: farcasterSignerMessages.timeout, code: farcasterSignerClientCodes.timeout },
        )
      } catch (error) {
        if (!abort.signal.aborted) setFailure(failureOf(error))
      }
    })()
    return () => abort.abort()
  }, [foyer, params.publicKey, attempt, options.pollIntervalMs, options.timeoutMs])

  const title = t('farcasterSigner.title')
  if (failure) {
    return (
      <ScreenLayout
        title={title}
        body={<ErrorText>{t(failure.text)}</ErrorText>}
        footer={
          <>
            <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('farcasterSigner.retry')}
            </Button>
            <Button variant="secondary" onClick={() => foyer.modal.reject(new FlowError(failure.text, failure.code))}>
              {t('farcasterSigner.close')}
            </Button>
          </>
        }
      />
    )
  }
  return (
    <ScreenLayout
      title={title}
      subtitle={t('farcasterSigner.subtitle')}
      body={
        <div data-testid="foyer-farcaster-signer-awaiting">
          <QRCode value={approvalUrl} label={t('farcasterSigner.qrLabel')} />
          <p className="foyer-subtitle" role="status" style={{ textAlign: 'center' }}>
            <Spinner /> {t('farcasterSigner.waiting')}
          </p>
        </div>
      }
      footer={
        <a className="foyer-button" data-variant="secondary" href={approvalUrl} target="_blank" rel="noopener noreferrer">
          {t('farcasterSigner.open')}
        </a>
      }
    />
  )
}
