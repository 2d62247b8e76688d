import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createPgliteDb } from './createPgliteDb.js'
import { DATA_DIR_LOCK_FILE, lockDataDir } from './lockDataDir.js'

const root = mkdtempSync(join(tmpdir(), 'foyer-lock-test-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const folder = (name: string) => join(root, name)
const startTime = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
}

describe('PGlite is one process: the data folder lock', () => {
  it('a second process on the same folder refuses to start, naming the folder and the holder’s pid', async () => {
    const dir = folder('two-processes')
    const db = await createPgliteDb(dir)
    try {
      await db.exec('CREATE TABLE kept (v text)')
      // A real second process: the same code a second `npm start` runs.
      const script = `import { createPgliteDb } from ${JSON.stringify(new URL('./createPgliteDb.ts', import.meta.url).pathname)}
        try { await createPgliteDb(${JSON.stringify(dir)}); console.log('OPENED') } catch (e) { console.log(e.name + ': ' + e.message); process.exit(3) }`
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 })
      expect(child.status).toBe(3)
      expect(child.stdout).toContain('DataDirLockedError')
      expect(child.stdout).toContain(`pid ${process.pid}`)
      expect(child.stdout).toContain(dir)
      expect(child.stdout).toContain('DATABASE_URL')
      // The holder is untouched.
      expect(await db.query('SELECT * FROM kept')).toEqual([])
    } finally {
      await db.close()
    }
    // Closed: the folder is free again, and keeps its data.
    expect(existsSync(join(dir, DATA_DIR_LOCK_FILE))).toBe(false)
    const again = await createPgliteDb(dir)
    expect(await again.query('SELECT * FROM kept')).toEqual([])
    await again.close()
  }, 90_000)

  it('the same process can’t open a folder twice either', async () => {
    const dir = folder('same-process')
    spawnSync('mkdir', ['-p', dir])
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(/already has the PGlite data folder/)
    release()
    lockDataDir(dir)()
  })

  it('a live holder with the same pid but another start time (a recycled pid) does not hold; a live one does', async () => {
    const dir = folder('recycled')
    spawnSync('mkdir', ['-p', dir])
    const sleeper = spawn('sleep', ['30'])
    try {
      await new Promise((r) => setTimeout(r, 50))
      const lockFile = join(dir, DATA_DIR_LOCK_FILE)
      writeFileSync(lockFile, JSON.stringify({ pid: sleeper.pid, host: hostname(), started: startTime(sleeper.pid!) }))
      expect(() => lockDataDir(dir)).toThrow(`pid ${sleeper.pid}`)
      writeFileSync(lockFile, JSON.stringify({ pid: sleeper.pid, host: hostname(), started: '1' }))
      const release = lockDataDir(dir)
      expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(process.pid)
      release()
    } finally {
      sleeper.kill()
    }
  })

  it('a lock left by a process that is gone (SIGKILL) is taken over; a torn lock file too', () => {
    const dir = folder('stale')
    spawnSync('mkdir', ['-p', dir])
    const gone = spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' })
    writeFileSync(join(dir, DATA_DIR_LOCK_FILE), JSON.stringify({ pid: Number(gone.stdout.trim()), host: hostname(), started: null }))
    lockDataDir(dir)()
    writeFileSync(join(dir, DATA_DIR_LOCK_FILE), '{"pid": 12')
    lockDataDir(dir)()
  })
})
