import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestServer, TEST_APP_ID, type TestServer } from '../../../test/kit/createTestServer.js'
import { createServer } from '../createServer.js'
import type { CreateServerOptions } from '../CreateServerOptions.js'
import { clientIp, resolveTrustProxy, trustFunction, type TrustProxy } from './clientIp.js'

/** A connection from `socket` (the peer node sees) carrying X-Forwarded-For `xff`, as @hono/node-server hands it over. */
const from = (socket: string, xff?: string): [RequestInit, object] => [
  { headers: xff === undefined ? {} : { 'x-forwarded-for': xff } },
  { incoming: { socket: { remoteAddress: socket } } },
]

/** What clientIp reads for a request from `socket` with `xff`, under `trust`. */
async function ipUnder(trust: TrustProxy | undefined, socket: string, xff?: string) {
  const app = new Hono().get('/', (c) => c.text(clientIp(c, trustFunction(resolveTrustProxy(trust)))))
  return (await app.request('/', ...from(socket, xff))).text()
}

describe('resolveTrustProxy', () => {
  it('reads hops, booleans and lists as express does, with true and "1" both one hop', () => {
    expect([undefined, false, 0, '', '0', 'false'].map((v) => resolveTrustProxy(v))).toEqual([0, 0, 0, 0, 0, 0])
    expect([true, 1, '1', 'true', ' 2 '].map((v) => resolveTrustProxy(v))).toEqual([1, 1, 1, 1, 2])
    expect(resolveTrustProxy('10.0.0.0/8, ::1,loopback')).toEqual(['10.0.0.0/8', '::1', 'loopback'])
    expect(resolveTrustProxy(['192.168.0.0/16', 'fd00::/8', 'uniquelocal'])).toEqual(['192.168.0.0/16', 'fd00::/8', 'uniquelocal'])
  })

  it('stops on anything else, naming the setting and the bad entry', () => {
    expect(() => resolveTrustProxy('10.0.0.0/33', 'FOYER_TRUST_PROXY')).toThrow('FOYER_TRUST_PROXY: "10.0.0.0/33" is not an IP address, a CIDR range')
    expect(() => resolveTrustProxy('yes')).toThrow('trustProxy: "yes" is not an IP address')
    expect(() => resolveTrustProxy('10.0.0.1,,::1')).toThrow('trustProxy: "" is not')
    expect(() => resolveTrustProxy(-1)).toThrow('trustProxy: -1 is not a number of trusted proxy hops')
    expect(() => resolveTrustProxy(1.5)).toThrow('not a number of trusted proxy hops')
    expect(() => resolveTrustProxy(['::1', 'not-an-ip'])).toThrow('"not-an-ip"')
  })

  it('an invalid FOYER_TRUST_PROXY or trustProxy stops the server from starting', async () => {
    // Refused before any database is opened.
    const start = (options: CreateServerOptions = {}) => createServer({ dataDir: ':memory:', databaseUrl: '', logger: { info() {}, warn() {}, error() {} }, ...options })
    vi.stubEnv('FOYER_TRUST_PROXY', '10.0.0.0/8,nonsense')
    try {
      await expect(start()).rejects.toThrow('FOYER_TRUST_PROXY: "nonsense" is not an IP address')
    } finally {
      vi.unstubAllEnvs()
    }
    await expect(start({ trustProxy: 'fe80::/200' })).rejects.toThrow('trustProxy: "fe80::/200"')
  })
})

describe('clientIp', () => {
  const forged = '6.6.6.6, 7.7.7.7'

  it('without trust it is the socket peer whatever X-Forwarded-For says', async () => {
    expect(await ipUnder(undefined, '203.0.113.1', forged)).toBe('203.0.113.1')
    expect(await ipUnder(0, '2001:db8::1', '6.6.6.6')).toBe('2001:db8::1')
  })

  it('one hop: the balancer\'s own (rightmost) entry, never the client-written ones to its left', async () => {
    expect(await ipUnder(1, '10.0.0.1', `${forged}, 198.51.100.7`)).toBe('198.51.100.7')
    expect(await ipUnder(true, '10.0.0.1', '198.51.100.7')).toBe('198.51.100.7')
    // No header (a health check straight to the instance): the peer itself.
    expect(await ipUnder(1, '10.0.0.1')).toBe('10.0.0.1')
  })

  it('two hops: the entry the outer proxy appended, past the inner proxy\'s', async () => {
    expect(await ipUnder(2, '10.0.0.1', `${forged}, 198.51.100.8, 10.0.0.2`)).toBe('198.51.100.8')
    expect(await ipUnder(2, '10.0.0.1', '198.51.100.8, 10.0.0.2')).toBe('198.51.100.8')
  })

  it('an IPv4 CIDR list: walks right to left past trusted proxies, stops at the first untrusted address', async () => {
    const trust = '10.0.0.0/8, 192.168.1.5'
    expect(await ipUnder(trust, '10.1.2.3', `${forged}, 198.51.100.9, 192.168.1.5, 10.9.9.9`)).toBe('198.51.100.9')
    // A peer outside the list is the client itself: its header is its own writing.
    expect(await ipUnder(trust, '198.51.100.50', forged)).toBe('198.51.100.50')
    // A dual-stack socket reports IPv4 peers IPv4-mapped; they still match IPv4 ranges.
    expect(await ipUnder(trust, '::ffff:10.0.0.1', '198.51.100.10')).toBe('198.51.100.10')
  })

  it('an IPv6 CIDR list, and the names loopback and uniquelocal', async () => {
    expect(await ipUnder('::1, fd00::/8', '::1', `${forged}, 2001:db8::5, fd00::7`)).toBe('2001:db8::5')
    expect(await ipUnder('fd00::/8', '2001:db8::9', '2001:db8::5')).toBe('2001:db8::9')
    expect(await ipUnder('loopback,uniquelocal', '127.0.0.1', `${forged}, 203.0.113.4, 172.16.0.3`)).toBe('203.0.113.4')
  })
})

describe('a per-IP limit behind a balancer (trustProxy: 1)', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await createTestServer({ trustProxy: 1, rateLimits: { 'email.send.ip': { limit: 3 }, 'email.send.address': { limit: 1000 } } })
  })
  afterAll(() => t?.close())

  const init = (n: number, xff: string) =>
    t.app.request(
      '/api/v1/passwordless/init',
      { method: 'POST', headers: { 'foyer-app-id': TEST_APP_ID, 'content-type': 'application/json', 'x-forwarded-for': xff }, body: JSON.stringify({ email: `ip${n}@example.com` }) },
      { incoming: { socket: { remoteAddress: '10.0.0.1' } } },
    )

  it('is still hit when the client writes a new leftmost X-Forwarded-For entry each time', async () => {
    const statuses = []
    for (let n = 0; n < 5; n++) statuses.push((await init(n, `192.0.2.${n}, 198.51.100.20`)).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    // Another client behind the same balancer has its own count.
    expect((await init(9, '198.51.100.21')).status).toBe(200)
  })
})
