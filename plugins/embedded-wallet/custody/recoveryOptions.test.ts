import { describe, expect, it } from 'vitest'
import type { Foyer, FoyerPlugin } from '../../../core/client/types.js'
import { recoveryGoogleDrive } from '../../recovery-google-drive/index.js'
import { recoveryIcloud } from '../../recovery-icloud/index.js'
import { recoveryPassword } from '../../recovery-password/index.js'
import { RECOVERY_SCREENS } from '../walletConstants.js'
import { recoveryMethodOf, recoveryOptionsOf, recoveryRequiredOnCreate } from './recoveryOptions.js'
import { firstRecoveryScreen } from './setWalletRecovery.js'

/** A kernel with `plugins` loaded and an app offering `offered`. */
const kernel = (plugins: FoyerPlugin[], offered: string[], required = false) =>
  ({
    registry: { plugins },
    $config: { peek: () => ({ server: { embedded_wallet_config: { user_owned_recovery_options: offered, require_user_owned_recovery_on_create: required } } }) },
  }) as unknown as Foyer

describe('the recovery-method slot', () => {
  it("lists the methods the app offers that a loaded plugin serves, in the plugins' order (the spec's: Drive, iCloud, password)", () => {
    const all = [recoveryPassword(), recoveryIcloud(), recoveryGoogleDrive()]
    expect(recoveryOptionsOf(kernel(all, ['user-passcode', 'icloud', 'google-drive']))).toEqual(['google-drive', 'icloud', 'user-passcode'])
    // Offered but no plugin: not listed; a plugin the app doesn't offer: not listed either.
    expect(recoveryOptionsOf(kernel([recoveryPassword()], ['user-passcode', 'google-drive']))).toEqual(['user-passcode'])
    expect(recoveryOptionsOf(kernel(all, []))).toEqual([])
    expect(recoveryRequiredOnCreate(kernel([], ['user-passcode'], true))).toBe(false)
    expect(recoveryRequiredOnCreate(kernel(all, ['user-passcode'], true))).toBe(true)
    expect(recoveryMethodOf(kernel(all, []), 'icloud')?.label).toBe('recoveryIcloud.label')
  })

  it("opens the only method's splash (the password's) for a wallet on automatic recovery; else the selection or the requested flow", () => {
    const foyer = kernel([recoveryPassword(), recoveryGoogleDrive()], ['user-passcode', 'google-drive'])
    const splashOf = (m: string) => recoveryMethodOf(foyer, m)?.splash
    expect(firstRecoveryScreen(['user-passcode'], '0xa', 'privy', undefined, splashOf).screen).toBe(RECOVERY_SCREENS.passwordSplash)
    expect(RECOVERY_SCREENS.passwordSplash).toBe('recovery-password/splash')
    expect(firstRecoveryScreen(['google-drive'], '0xa', 'privy', undefined, splashOf).screen).toBe(RECOVERY_SCREENS.select)
    expect(firstRecoveryScreen(['user-passcode'], '0xa', 'user-passcode', undefined, splashOf).screen).toBe(RECOVERY_SCREENS.select)
    expect(firstRecoveryScreen(['user-passcode', 'google-drive'], '0xa', 'privy', 'google-drive', splashOf)).toEqual({ screen: RECOVERY_SCREENS.setPassword, params: { address: '0xa', recoveryMethod: 'google-drive' } })
  })
})
