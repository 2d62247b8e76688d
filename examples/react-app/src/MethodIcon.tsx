import { PluginIcon } from 'foyer/ui'

/**
 * A plugin's icon in a fixed square, or the name's first letter when it has none (guest, custom JWT). The
 * letter comes from CSS so the row's text stays the account's own (`passkey: …`, `email: …`).
 */
export function MethodIcon({ icon, name }: { icon: string | undefined; name: string }) {
  return (
    <span className="method-icon" aria-hidden="true" data-letter={icon ? undefined : name.slice(0, 1).toUpperCase()}>
      {icon ? <PluginIcon icon={icon} /> : null}
    </span>
  )
}
