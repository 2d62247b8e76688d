import { argon2id } from 'hash-wasm'
import { fromBase64, toBase64, type OprfPasswordKdf, type PasswordKdf } from '../../wallet-frame/frame.js'
import { OPRF_PASSWORD_KDF, PASSWORD_KDF } from '../passwordConstants.js'

/** KDF parameters of a password set before the OPRF (argon2id of the password alone): still read, never written. */
export function newPasswordKdf(): PasswordKdf {
  return { ...PASSWORD_KDF, salt: toBase64(crypto.getRandomValues(new Uint8Array(16))) }
}

/** A new password's KDF: the OPRF output stretched by argon2id (§14: m = 19 MiB, t = 2, p = 1), fresh 16-byte salt. */
export function newOprfPasswordKdf(): OprfPasswordKdf {
  return { ...OPRF_PASSWORD_KDF, salt: toBase64(crypto.getRandomValues(new Uint8Array(16))) }
}

/**
 * argon2id of `input` under `kdf` (the parameters stored with the ciphertext). hash-wasm runs it in WebAssembly (the
 * frame's CSP allows 'wasm-unsafe-eval'). Imported statically: the frame is one bundle, and a dynamic import of the
 * package kept every one of its algorithms (+85 kB gz); this way only argon2 is in it.
 */
const stretch = (input: string | Uint8Array, kdf: PasswordKdf | OprfPasswordKdf) =>
  argon2id({
    password: input,
    salt: fromBase64(kdf.salt),
    memorySize: kdf.memory_kib,
    iterations: kdf.iterations,
    parallelism: kdf.parallelism,
    hashLength: kdf.hash_length,
    outputType: 'binary',
  })

/**
 * The recovery key and the verifier of a password, from its OPRF output (oprfFinalize) stretched by argon2id into 64
 * bytes: the first 32 encrypt the recovery share, the last 32 are what the server checks before it releases it.
 */
export async function deriveOprfPasswordKey(oprfOutput: Uint8Array, kdf: OprfPasswordKdf): Promise<{ key: Uint8Array; verifier: Uint8Array }> {
  const stretched = await stretch(oprfOutput, kdf)
  const key = stretched.slice(0, 32)
  const verifier = stretched.slice(32, 64)
  stretched.fill(0)
  return { key, verifier }
}

/** The 32-byte recovery key of a password set before the OPRF: argon2id of the password alone. */
export function derivePasswordKey(password: string, kdf: PasswordKdf): Promise<Uint8Array> {
  return stretch(password.normalize('NFC'), kdf)
}
