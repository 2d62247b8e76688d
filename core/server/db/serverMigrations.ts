import { appSecretMigrations } from '../appSecrets.js'
import { appsMigrations } from '../apps/appsMigrations.js'
import { captchaMigrations } from '../captcha.js'
import { auditMigrations } from '../events/auditMigrations.js'
import { mfaMigrations } from '../mfa.js'
import { mfaChallengeMigrations } from '../mfaChallenges.js'
import { mfaLockoutMigrations } from '../mfaLockout.js'
import { transferMigrations } from '../transfers.js'
import type { ServerPlugin } from '../types.js'
import { coreMigrations } from './coreMigrations.js'
import type { Migration } from './runMigrations.js'

/** Every migration a server with `plugins` runs, in order: the kernel's, then each plugin's. */
export function serverMigrations(plugins: readonly Pick<ServerPlugin, 'migrations'>[]): Migration[] {
  return [...coreMigrations, ...transferMigrations, ...captchaMigrations, ...mfaMigrations, ...mfaChallengeMigrations, ...mfaLockoutMigrations, ...appSecretMigrations, ...auditMigrations, ...appsMigrations, ...plugins.flatMap((p) => p.migrations ?? [])]
}
