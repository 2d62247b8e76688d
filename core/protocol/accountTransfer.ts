import * as v from 'valibot'

/**
 * `data` of a 400 `account_transfer_required` answer to a link: what the client needs to offer the
 * transfer and then call the owning plugin's `/transfer` route. `account` holds that route's body
 * fields (e.g. `{ email }`, `{ phoneNumber }`, `{ userInfo }`), so the client never reconstructs them.
 */
export const AccountTransferDataSchema = v.object({
  /** Single-use, short-lived; sent back to `/transfer` with `account`. */
  nonce: v.string(),
  /** Linked-account type (`email`, `phone`, `wallet`, `google_oauth`, `farcaster`, `telegram`, ...). */
  account_type: v.string(),
  /** The handle the prompt shows: an address, a number, a username. */
  display_name: v.string(),
  /** The other user's embedded wallet address, when it has one (assets there would be lost). */
  embedded_wallet_address: v.nullable(v.string()),
  /** Body fields of the plugin's transfer call, nonce excluded. */
  account: v.record(v.string(), v.unknown()),
})

export type AccountTransferData = v.InferOutput<typeof AccountTransferDataSchema>

/** The `nonce` field of every plugin's `/transfer` body (§5: a transfer needs a nonce). The server checks the rest. */
export const TransferNonceSchema = v.pipe(v.string('nonce is required'), v.nonEmpty('nonce is required'), v.maxLength(256, 'Invalid nonce'))
