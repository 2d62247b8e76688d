import { encodePacked, keccak256, type Hex } from 'viem'

/** One field of legacy typed data (eth_signTypedData v1): `{ type, name, value }`. */
export interface TypedDataV1Field {
  type: string
  name: string
  value: unknown
}

/** Solidity's type aliases packed hashing needs spelled out ('uint' is uint256). */
const packedType = (type: string) => type.replace(/^(u?int)(\[|$)/, '$1256$2')

/** A field's value as encodePacked takes it: integers as bigints, everything else as given. */
function packedValue(type: string, value: unknown): unknown {
  if (/^u?int\d*$/.test(type)) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') throw new Error(`Field of type ${type} must be a number`)
    return BigInt(value)
  }
  return value
}

/**
 * The hash legacy typed data (eth_signTypedData, v1; MetaMask's `typedSignatureHash`) is signed as:
 * keccak256(keccak256(packed "type name" strings) ‖ keccak256(packed values)). Throws on data that isn't a non-empty
 * list of named, typed fields.
 */
export function typedDataV1Hash(data: unknown): Hex {
  if (!Array.isArray(data) || data.length === 0) throw new Error('Typed data must be a non-empty list of fields')
  const fields = data as TypedDataV1Field[]
  for (const field of fields) {
    if (!field || typeof field.type !== 'string' || typeof field.name !== 'string' || !field.name) throw new Error('Each field needs a type and a name')
  }
  const schema = keccak256(encodePacked(fields.map(() => 'string'), fields.map((f) => `${f.type} ${f.name}`)))
  const values = keccak256(encodePacked(fields.map((f) => packedType(f.type)) as never, fields.map((f) => packedValue(f.type, f.value)) as never))
  return keccak256(encodePacked(['bytes32', 'bytes32'], [schema, values]))
}
