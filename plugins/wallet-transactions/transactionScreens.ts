// The plugin's id and its screens' ids (the kernel registers a plugin's screen `key` as `${id}/${key}`).

/** The transaction plugin's id. */
export const WALLET_TRANSACTIONS_ID = 'wallet-transactions'
/** The send / sign transaction confirmation screen's id (receipt and error screens are its own steps). */
export const SEND_TRANSACTION_SCREEN = 'wallet-transactions/send-transaction'
/** The EIP-5792 batch screen's id: the one confirmation of wallet_sendCalls' calls, then the batch's progress and outcome. */
export const SEND_CALLS_SCREEN = 'wallet-transactions/send-calls'
/** The Solana send screen's id (preview, receipt and error are its steps). */
export const SOLANA_SEND_SCREEN = 'wallet-transactions/send-solana-transaction'
