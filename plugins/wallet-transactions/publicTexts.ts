import { transactionTexts } from './transactionTexts.js'

// The entry's `walletTransactionTexts`: bound here instead of re-exported from transactionTexts.ts, so that module loads
// with the plugin's first screen unless a host imports these (see embedded-wallet/publicTexts.ts for why).

/** The transaction screens' English texts, by i18n key (override them with the wallet's `texts` or `textLocalization`). */
export const walletTransactionTexts = transactionTexts
