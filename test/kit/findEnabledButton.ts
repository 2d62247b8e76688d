import { screen, waitFor } from '@testing-library/react'

/**
 * The button named `name` once it is enabled. A landing row is a disabled stand-in until its lazy entry
 * loaded (seconds on a busy machine), and a click on it is lost: wait for the state, not for time.
 */
export function findEnabledButton(name: string | RegExp, options: { timeout?: number } = {}): Promise<HTMLButtonElement> {
  return waitFor(
    () => {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement
      if (button.disabled) throw new Error(`The "${String(name)}" button is still disabled`)
      return button
    },
    options.timeout === undefined ? {} : { timeout: options.timeout },
  )
}
