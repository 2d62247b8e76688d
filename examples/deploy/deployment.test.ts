import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM module without types (examples/deploy runs with node alone)
import { HAPROXY, HAPROXY_503, composeHaproxyConfig, generateKeys, haproxyConfig, instancePorts, parseLogLine, settingsProblems } from './deployment.mjs'

const here = new URL('.', import.meta.url)

describe('examples/deploy', () => {
  it('refuses a production start without every setting, with keys that are not 32 bytes or are alike; --dev needs only DATABASE_URL', () => {
    expect(settingsProblems({}).map((p: string) => p.split(' ')[0])).toEqual(['DATABASE_URL', 'FOYER_CONFIG', 'SMTP_URL', 'FOYER_WALLET_KEK', 'FOYER_RECOVERY_KEK', 'FOYER_DELEGATION_KEY', 'FOYER_MFA_KEK', 'FOYER_APPS_KEK'])
    const complete = { DATABASE_URL: 'postgres://db/foyer', FOYER_CONFIG: 'foyer.config.json', SMTP_URL: 'smtp://mail', ...generateKeys() }
    expect(settingsProblems(complete)).toEqual([])
    expect(settingsProblems({ ...complete, FOYER_MFA_KEK: 'short' })).toEqual([expect.stringMatching(/^FOYER_MFA_KEK must be 32 random bytes/)])
    expect(settingsProblems({ ...complete, FOYER_MFA_KEK: complete.FOYER_WALLET_KEK })).toEqual([expect.stringMatching(/5 different keys/)])
    expect(settingsProblems({ ...complete, FOYER_MFA_KEK: 'ab'.repeat(32) })).toEqual([])
    expect(settingsProblems({}, { dev: true })).toEqual([expect.stringMatching(/^DATABASE_URL is not set/)])
    expect(settingsProblems({ DATABASE_URL: 'postgres://db/foyer' }, { dev: true })).toEqual([])
  })

  it("compose's HAProxy files are the generator's output (node examples/deploy/start.mjs --print-haproxy-config)", () => {
    expect(readFileSync(new URL('haproxy/haproxy.cfg', here), 'utf8')).toBe(composeHaproxyConfig(3))
    expect(readFileSync(new URL('haproxy/503.http', here), 'utf8')).toBe(HAPROXY_503)
    const compose = readFileSync(new URL('compose.yaml', here), 'utf8')
    for (const name of ['foyer-1', 'foyer-2', 'foyer-3']) expect(compose).toContain(`  ${name}:`)
  })

  // HAProxy is a test dependency like Chromium and PostgreSQL (.ci/run installs it): a missing one fails, never skips.
  it('HAProxy accepts the generated config', () => {
    expect(existsSync(HAPROXY), `${HAPROXY} is missing: apt-get install haproxy`).toBe(true)
    const dir = mkdtempSync(join(tmpdir(), 'foyer-haproxy-'))
    try {
      writeFileSync(join(dir, '503.http'), HAPROXY_503)
      writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig({ api: { port: 18787 }, wallet: { port: 18788 }, instances: instancePorts(3, 19001), errorFile: join(dir, '503.http') }))
      const checked = spawnSync(HAPROXY, ['-c', '-f', join(dir, 'haproxy.cfg')], { encoding: 'utf8' })
      expect(checked.stderr + checked.stdout).toContain('Configuration file is valid')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("reads HAProxy's request lines", () => {
    expect(parseLogLine('127.0.0.1 [28/Nov/2026:19:42:38.772] api api/foyer-3 0/0/1/143/144 200 240 ---- 0 "POST /api/v1/passwordless/init HTTP/1.1"')).toMatchObject({
      frontend: 'api', server: 'foyer-3', status: 200, termination: '----', retries: '0', request: 'POST /api/v1/passwordless/init HTTP/1.1',
    })
    expect(parseLogLine('[WARNING]  (31202) : Server api/foyer-2 is DOWN')).toBeNull()
  })
})
