import { describe, expect, it } from 'vitest'
import { oprfBlind, oprfBlindEvaluate, oprfFinalize, randomOprfScalar } from './recoveryOprf.js'

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'))
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex')

// RFC 9497 Appendix A.1.1 (OPRF, ristretto255-SHA512), test vectors 1 and 2.
const SK = '5ebcea5ee37023ccb9fc2d2019f9d7737be85591ae8652ffa9ef0f4d37063b0e'
const BLIND = '64d37aed22a27f5191de1c1d69fadb899d8862b58eb4220029e036ec4c1f6706'
const vectors = [
  {
    input: '00',
    blinded: '609a0ae68c15a3cf6903766461307e5c8bb2f95e7e6550e1ffa2dc99e412803c',
    evaluated: '7ec6578ae5120958eb2db1745758ff379e77cb64fe77b0b2d8cc917ea0869c7e',
    output: '527759c3d9366f277d8c6020418d96bb393ba2afb20ff90df23fb7708264e2f3ab9135e3bd69955851de4b1f9fe8a0973396719b7912ba9ee8aa7d0b5e24bcf6',
  },
  {
    input: '5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a',
    blinded: 'da27ef466870f5f15296299850aa088629945a17d1f5b7f5ff043f76b3c06418',
    evaluated: 'b4cbf5a4f1eeda5a63ce7b77c7d23f461db3fcab0dd28e4e17cecb5c90d02c25',
    output: 'f4a74c9c592497375e796aa837e907b1a045d34306a749db9f34221f7e750cb4f2a6413a6bf6fa5e19ba6348eb673934a722a7ede2e7621306d18951e7cf2c73',
  },
]

describe('recoveryOprf (RFC 9497 OPRF, ristretto255-SHA512)', () => {
  it.each(vectors)('matches the RFC test vector for input $input', (v) => {
    const { blindedElement } = oprfBlind(hex(v.input), hex(BLIND))
    expect(toHex(blindedElement)).toBe(v.blinded)
    const evaluated = oprfBlindEvaluate(hex(SK), blindedElement)
    expect(toHex(evaluated)).toBe(v.evaluated)
    expect(toHex(oprfFinalize(hex(v.input), hex(BLIND), evaluated))).toBe(v.output)
  })

  it('gives the same output whatever the blind, and another output under another key or input', () => {
    const key = randomOprfScalar()
    const run = (input: string, k = key) => {
      const { blind, blindedElement } = oprfBlind(new TextEncoder().encode(input))
      return toHex(oprfFinalize(new TextEncoder().encode(input), blind, oprfBlindEvaluate(k, blindedElement)))
    }
    expect(run('correct horse')).toBe(run('correct horse'))
    expect(run('correct horse')).not.toBe(run('correct horsf'))
    expect(run('correct horse')).not.toBe(run('correct horse', randomOprfScalar()))
  })

  it('refuses the identity element and a malformed encoding (the server evaluates only real points)', () => {
    const key = randomOprfScalar()
    expect(() => oprfBlindEvaluate(key, new Uint8Array(32))).toThrow()
    expect(() => oprfBlindEvaluate(key, new Uint8Array(32).fill(0xff))).toThrow()
    expect(() => oprfBlindEvaluate(new Uint8Array(32), oprfBlind(new Uint8Array([1])).blindedElement)).toThrow()
  })
})
