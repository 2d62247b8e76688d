import type { Context } from 'hono'
import { createNonceStore, type Db, type ServerContext } from '../../../../core/server/index.js'
import { custodyStatement, type CustodyStatementInput } from '../../../wallet-frame/server.js'
import type { WalletChainType } from '../../../wallet-frame/index.js'
import { EMBEDDED_ETHEREUM_CHAIN_ID, embeddedWalletServerErrorTexts } from '../../walletConstants.js'
import { isCustodySignatureValid } from './custodySignature.js'
import type { ShareStore } from './shareStore.js'
import { identifierOf, normalizeAddress, type NormalizedAddress } from './walletAddress.js'
import { CUSTODY_NONCES_TABLE, walletRecords as records, type RootRow, type WalletRow } from './walletRecords.js'

/** How long a custody nonce may wait for its write (the frame asks right before it signs). */
const CUSTODY_NONCE_TTL_SECONDS = 300

/** What the custody routes share: the share store, the records, the checks and the log. */
export type CustodyKit = ReturnType<typeof createCustodyKit>

/** Builds the custody routes' helpers over the server context and the share store. */
export function createCustodyKit(ctx: ServerContext, shares: ShareStore) {
  const text = embeddedWalletServerErrorTexts
  const at = () => new Date(ctx.now())
  const nonces = createNonceStore({ db: ctx.db, secrets: ctx.secrets, now: ctx.now }, { table: CUSTODY_NONCES_TABLE, purpose: 'custody', ttlSeconds: CUSTODY_NONCE_TTL_SECONDS })
  const refusedProof = () => new ctx.HttpError(400, 'invalid_custody_proof', 'The wallet did not sign this custody change (signature or nonce invalid): nothing was stored')

  const releases = ctx.metrics.counter({ name: 'foyer_share_releases_total', help: 'Key shares released to the wallet frame, by kind', labelNames: ['kind'] })

  const kit = {
    shares,
    text,
    at,
    nonces,
    /** Never logs shares, keys or bodies: who, which root, what. */
    log: (what: string, userId: string, rootId: string) =>
      ctx.logger.info(`[embedded-wallet] ${what}: user ${userId}, wallet root ${rootId}, at ${at().toISOString()}`),
    /** Counts a release of shares to the frame for /metrics (what kind, never its content or whose). */
    released: (kind: 'auth' | 'automatic_recovery' | 'user_recovery' | 'password_recovery') => releases.inc({ kind }),
    address(value: string, field: string): NormalizedAddress {
      const normalized = normalizeAddress(value)
      if (!normalized) throw new ctx.HttpError(400, 'invalid_data', `${field}: Invalid address`)
      return normalized
    },
    /** The caller's wallet at `value`, else 404. */
    async walletOf(db: Db, userId: string, value: string): Promise<WalletRow> {
      const wallet = await records.wallet(db, userId, identifierOf(value))
      if (!wallet) throw new ctx.HttpError(404, 'embedded_wallet_not_found', text.EMBEDDED_WALLET_NOT_FOUND)
      return wallet
    },
    /** Refuses an address that is already some account of type wallet in the app. */
    async addressFree(db: Db, appId: string, userId: string, wallet: NormalizedAddress) {
      const owner = await records.accountOwner(db, appId, wallet.identifier)
      if (owner === userId) throw new ctx.HttpError(400, 'wallet_already_exists', 'This address is already linked to the user.')
      if (owner) throw new ctx.HttpError(400, 'linked_to_another_user', 'This account has already been linked to another user.')
    },
    chainIdOf: (root: RootRow) => (root.chain_type === 'ethereum' ? EMBEDDED_ETHEREUM_CHAIN_ID : null),
    /** What the frame needs besides the shares: the root and its wallets. */
    async describe(db: Db, userId: string, wallet: WalletRow, mfaValidForMs: number | null = null) {
      const wallets = await records.rootWallets(db, userId, wallet.root.id)
      return {
        root_id: wallet.root.id,
        chain_type: wallet.root.chain_type,
        imported: wallet.root.imported,
        recovery_method: wallet.root.recovery_method,
        wallet_index: wallet.walletIndex,
        wallets: wallets.map((w) => ({ address: w.address, wallet_index: w.walletIndex })),
        user_id: userId,
        // false: a wallet of the root was stored before custody proofs; the frame proves it (POST prove) once unlocked.
        proven: !wallets.some((w) => w.unproven),
        // How long the frame may keep the rebuilt secret: the session's MFA window (none without MFA).
        mfa_valid_for_ms: mfaValidForMs,
      }
    },
    /** A server-held share of the root, opened, as base64 (`db`: the transaction it runs in, if any). */
    async openShare(userId: string, rootId: string, kind: 'auth' | 'recovery', db: Db = ctx.db): Promise<string> {
      const sealed = await records.share(db, rootId, kind)
      if (!sealed) throw new Error(`Embedded wallet root ${rootId} has no ${kind} share`)
      return Buffer.from(await shares.open({ userId, rootId }, kind, sealed)).toString('base64')
    },
    /**
     * Checks a custody write's proof inside its transaction: the signers' signatures of the statement built here from
     * what the request would store, and spends the nonce (single use, this user's, fresh). Refused: 400, nothing stored.
     */
    async prove(tx: Db, c: Context, statement: Omit<CustodyStatementInput, 'appId'>, signers: { chain: WalletChainType; address: string; signature: string }[]) {
      const appId = ctx.apps.of(c).id
      const message = custodyStatement({ ...statement, appId })
      for (const signer of signers) {
        if (!(await isCustodySignatureValid(signer.chain, signer.address, message, signer.signature))) throw refusedProof()
      }
      if (!(await nonces.consume(tx, appId, statement.userId, statement.nonce))) throw refusedProof()
    },
  }
  return kit
}
