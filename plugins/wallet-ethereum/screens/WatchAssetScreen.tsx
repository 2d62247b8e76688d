import { formatUnits } from 'viem'
import { UserRejectedRequestError } from '../../../core/errors/index.js'
import { Button, ScreenLayout, TransactionRow as Row, useFoyerKernel, useT } from '../../../ui/index.js'
import { walletEthereumErrors } from '../ethereumTexts.js'
import type { WatchAssetParams } from '../requests/watchAssetTypes.js'

/** A logo the app suggested, shown only from https (or inline): no plain-http fetch from the modal. */
const showable = (image?: string) => !!image && (image.startsWith('https://') || image.startsWith('data:image/'))

/**
 * 'Add suggested token' (wallet_watchAsset): the token as its contract describes it — symbol, name, full contract
 * address, decimals — the network and the wallet's balance of it; 'Add token' resolves, Cancel or closing is 4001.
 */
export default function WatchAssetScreen({ params }: { params: WatchAssetParams }) {
  const foyer = useFoyerKernel()
  const t = useT()
  const { token } = params
  return (
    <ScreenLayout
      title={t('embeddedWallet.watchAsset.title')}
      subtitle={t('embeddedWallet.watchAsset.subtitle')}
      footer={
        <>
          <Button variant="primary" onClick={() => foyer.modal.resolve(true)} data-testid="foyer-watch-asset-approve">
            {t('embeddedWallet.watchAsset.approve')}
          </Button>
          <Button variant="link" onClick={() => foyer.modal.reject(new UserRejectedRequestError(walletEthereumErrors.rejected))} data-testid="foyer-watch-asset-cancel">
            {t('embeddedWallet.request.cancel')}
          </Button>
        </>
      }
    >
      <div data-testid="foyer-watch-asset">
        <Row label={t('embeddedWallet.watchAsset.token')} testId="foyer-watch-asset-symbol">
          {showable(token.image) ? <img src={token.image} alt="" width={20} height={20} style={{ verticalAlign: 'middle', marginRight: 6, borderRadius: '50%' }} /> : null}
          {token.symbol}
        </Row>
        {token.name ? (
          <Row label={t('embeddedWallet.watchAsset.name')} testId="foyer-watch-asset-name">
            {token.name}
          </Row>
        ) : null}
        <Row label={t('embeddedWallet.watchAsset.contract')} testId="foyer-watch-asset-address">
          <code>{token.address}</code>
        </Row>
        <Row label={t('embeddedWallet.watchAsset.decimals')} testId="foyer-watch-asset-decimals">
          {token.decimals}
        </Row>
        <Row label={t('embeddedWallet.tx.network')} testId="foyer-watch-asset-network">
          {params.chainName}
        </Row>
        {params.balance !== null ? (
          <Row label={t('embeddedWallet.tx.balance')} testId="foyer-watch-asset-balance">
            {formatUnits(params.balance, token.decimals)} {token.symbol}
          </Row>
        ) : null}
      </div>
    </ScreenLayout>
  )
}
