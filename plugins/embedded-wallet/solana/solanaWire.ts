// Solana's wire format lives in the kernel (core/client/wallets): the frame, the server and the transaction plugin read it.
export { readSolanaMessage, readSolanaTransaction, signerIndex, withSignature, type WireInstruction, type WireTransaction } from '../../../core/client/wallets/solanaWire.js'
