import { UserRejectedRequestError } from '../../../core/errors/index.js'
import { Button, ScreenLayout, TransactionRow as Row, useFoyerKernel, useT } from '../../../ui/index.js'
import type { AddChainParams } from '../requests/addEthereumChain.js'
import { walletEthereumErrors } from '../ethereumTexts.js'

/**
 * 'Add network' (wallet_addEthereumChain for a chain the wallet doesn't know): the network's name, chain id, RPC URL,
 * currency and block explorer, and the warning that a network added by an app can be malicious. Approve resolves (the
 * wallet adds the network and switches to it), Cancel or closing is 4001.
 */
export default function AddChainScreen({ params }: { params: AddChainParams }) {
  const foyer = useFoyerKernel()
  const t = useT()
  const { chain } = params
  const explorer = chain.blockExplorers?.default.url
  return (
    <ScreenLayout
      title={t('embeddedWallet.addChain.title')}
      subtitle={t('embeddedWallet.addChain.subtitle')}
      footer={
        <>
          <Button variant="primary" onClick={() => foyer.modal.resolve(true)} data-testid="foyer-add-chain-approve">
            {t('embeddedWallet.addChain.approve')}
          </Button>
          <Button variant="link" onClick={() => foyer.modal.reject(new UserRejectedRequestError(walletEthereumErrors.rejected))} data-testid="foyer-add-chain-cancel">
            {t('embeddedWallet.request.cancel')}
          </Button>
        </>
      }
    >
      <div data-testid="foyer-add-chain">
        <Row label={t('embeddedWallet.addChain.name')} testId="foyer-add-chain-name">
          {chain.name}
        </Row>
        <Row label={t('embeddedWallet.addChain.chainId')} testId="foyer-add-chain-id">
          {chain.id}
        </Row>
        <Row label={t('embeddedWallet.addChain.rpcUrl')} testId="foyer-add-chain-rpc">
          <code>{chain.rpcUrls.default.http[0]}</code>
        </Row>
        <Row label={t('embeddedWallet.addChain.currency')} testId="foyer-add-chain-currency">
          {chain.nativeCurrency.symbol}
          {chain.nativeCurrency.name !== chain.nativeCurrency.symbol ? ` (${chain.nativeCurrency.name})` : ''}
        </Row>
        {explorer ? (
          <Row label={t('embeddedWallet.addChain.explorer')} testId="foyer-add-chain-explorer">
            <code>{explorer}</code>
          </Row>
        ) : null}
        <p className="foyer-subtitle" role="note" data-testid="foyer-add-chain-warning" style={{ marginTop: 12 }}>
          {t('embeddedWallet.addChain.warning')}
        </p>
      </div>
    </ScreenLayout>
  )
}
