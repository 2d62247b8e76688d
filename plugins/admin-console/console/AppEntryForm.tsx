import { useId, type FormEvent } from 'react'
import { useAdmin } from './AdminContext.js'
import { listField, toggleInList, withField, type Entry } from './entryDraft.js'
import { ListField } from './ListField.js'
import { LOGIN_METHODS, MFA_METHODS } from './loginMethods.js'
import { RawEntryEditor } from './RawEntryEditor.js'

/** The app entry's form: name, login methods, origins, sign-up policy, MFA methods, and the raw JSON. */
export function AppEntryForm({ entry, onChange, onSave }: { entry: Entry; onChange: (entry: Entry) => void; onSave: () => void }) {
  const { canWrite } = useAdmin()
  const nameId = useId()
  const maxId = useId()
  const set = (key: string, value: unknown) => onChange(withField(entry, key, value))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave()
  }
  return (
    <form className="fa-card" onSubmit={submit} aria-label="App settings">
      <fieldset disabled={!canWrite} className="fa-plain">
        <legend className="fa-visually-hidden">App settings</legend>
        <div className="fa-field">
          <label htmlFor={nameId}>Name</label>
          <input id={nameId} value={typeof entry.name === 'string' ? entry.name : ''} onChange={(e) => set('name', e.target.value)} required />
        </div>
        <fieldset>
          <legend>Login methods</legend>
          <div className="fa-checks">
            {LOGIN_METHODS.map((method) => (
              <label key={method.key}>
                <input type="checkbox" checked={entry[method.key] === true} onChange={(e) => set(method.key, e.target.checked)} /> {method.label}
              </label>
            ))}
          </div>
        </fieldset>
        <ListField label="Allowed origins (one per line)" hint="The pages that may use this app, e.g. https://app.example.com." value={listField(entry, 'allowed_origins')} onChange={(list) => set('allowed_origins', list)} />
        <fieldset>
          <legend>Sign-up policy</legend>
          <label className="fa-check">
            <input type="checkbox" checked={entry.disable_signup === true} onChange={(e) => set('disable_signup', e.target.checked || undefined)} /> Disable sign-up (existing users still sign in)
          </label>
          <ListField
            label="Allowlist (one per line; empty: anyone)"
            hint="An e-mail, a domain wildcard (*@company.com), a phone number (E.164) or a wallet address."
            value={listField(entry, 'allowlist')}
            onChange={(list) => set('allowlist', list.length ? list : undefined)}
          />
          <div className="fa-field">
            <label htmlFor={maxId}>Maximum users (empty: no limit)</label>
            <input
              id={maxId}
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={typeof entry.max_users === 'number' ? entry.max_users : ''}
              onChange={(e) => set('max_users', e.target.value === '' ? undefined : Number(e.target.value))}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>MFA methods users may add</legend>
          <div className="fa-checks">
            {MFA_METHODS.map((method) => (
              <label key={method.key}>
                <input type="checkbox" checked={listField(entry, 'mfa_methods').includes(method.key)} onChange={(e) => onChange(toggleInList(entry, 'mfa_methods', method.key, e.target.checked))} />{' '}
                {method.label}
              </label>
            ))}
          </div>
        </fieldset>
        <RawEntryEditor entry={entry} onApply={onChange} />
        <button type="submit" className="fa-button fa-primary">
          Save app
        </button>
      </fieldset>
    </form>
  )
}
