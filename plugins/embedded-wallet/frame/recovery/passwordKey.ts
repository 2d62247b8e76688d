import { argon2id } from 'hash-wasm'
import { PASSWORD_KDF } from '../../walletConstants.js'
import type { PasswordKdf } from '../../schema.js'
import { fromBase64, toBase64 } from '../base64.js'

/** A new password's KDF parameters: argon2id (§14: m = 19 MiB, t = 2, p = 1) with a fresh 16-byte salt. */
export function newPasswordKdf(): PasswordKdf {
  return { ...PASSWORD_KDF, salt: toBase64(crypto.getRandomValues(new Uint8Array(16))) }
}

/**
 * The 32-byte recovery key of `password` under `kdf` (the parameters stored with the ciphertext). hash-wasm runs
 * argon2id in WebAssembly (the frame's CSP allows 'wasm-unsafe-eval'). Imported statically: the frame is one bundle,
 * and a dynamic import of the package kept every one of its algorithms (+85 kB gz); this way only argon2 is in it.
 */
export async function derivePasswordKey(password: string, kdf: PasswordKdf): Promise<Uint8Array> {
  return argon2id({
    password: password.normalize('NFC'),
    salt: fromBase64(kdf.salt),
    memorySize: kdf.memory_kib,
    iterations: kdf.iterations,
    parallelism: kdf.parallelism,
    hashLength: kdf.hash_length,
    outputType: 'binary',
  })
}
