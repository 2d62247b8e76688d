import * as v from 'valibot'

// The SIWE routes' wire (/api/v1/siwe/*) that more than the siwe plugin speaks: the smart-wallets plugin asks them for a
// nonce and links its smart wallet through them, with or without SIWE login on the modal. The siwe plugin's schema
// re-exports these (init's schemas as InitInputSchema and InitOutputSchema).

/** An Ethereum address as hex (any case; EIP-55 is checked where it matters, with viem). */
export const AddressSchema = v.pipe(v.string('address must be a string'), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'))
/** An EIP-4361 message; the bound keeps parsing cheap. */
export const MessageSchema = v.pipe(v.string('message must be a string'), v.nonEmpty('message is required'), v.maxLength(8192, 'message is too long'))
/** A hex signature: 65 bytes for an EOA, longer for contract wallets (ERC-1271 / ERC-6492), bounded. */
export const SignatureSchema = v.pipe(v.string('signature must be a string'), v.regex(/^0x(?:[0-9a-fA-F]{2}){64,8192}$/, 'Invalid signature'))

const CaptchaToken = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096))))
/** POST /api/v1/siwe/init */
export const SiweInitInputSchema = v.object({ address: AddressSchema, token: CaptchaToken })
/** Answer of init: an EIP-4361 nonce (alphanumeric, 128 random bits). */
export const SiweInitOutputSchema = v.object({ nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,}$/)) })
/** Smart-wallet kinds Privy names, and `simple` (eth-infinitism's SimpleAccount, plugins/smart-wallets). */
export const SmartWalletTypeSchema = v.picklist(
  ['safe', 'kernel', 'light_account', 'biconomy', 'coinbase_smart_wallet', 'thirdweb', 'nexus', 'simple'],
  'Invalid smart_wallet_type',
)
/** POST /api/v1/siwe/link_smart_wallet */
export const LinkSmartWalletInputSchema = v.object({ message: MessageSchema, signature: SignatureSchema, smart_wallet_type: SmartWalletTypeSchema })
