import { useId, useState, type FormEvent } from 'react'
import { adminPaths, type AdminOperator, type OperatorRole } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { ConfirmDialog } from './ConfirmDialog.js'
import { ErrorText } from './ErrorText.js'
import { formatTime } from './formatTime.js'
import { listOf } from './listOf.js'
import { useLoad } from './useLoad.js'

/** The operators (owners only): list, add by e-mail with a role, remove (not the last owner, not yourself). */
export function OperatorsPage() {
  const { call, session } = useAdmin()
  const emailId = useId()
  const roleId = useId()
  const operators = useLoad(async () => listOf<AdminOperator>(await call('GET', adminPaths.operators)), 'operators')
  const [error, setError] = useState<unknown>(null)
  const [removing, setRemoving] = useState<AdminOperator | null>(null)
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const formEl = event.currentTarget
    const form = new FormData(formEl)
    setError(null)
    try {
      await call('POST', adminPaths.operators, { email: String(form.get('email') ?? '').trim(), role: String(form.get('role')) as OperatorRole })
      formEl.reset()
      operators.reload()
    } catch (e) {
      setError(e)
    }
  }
  return (
    <>
      <h1>Operators</h1>
      <ErrorText error={operators.error} />
      {operators.data && (
        <table className="fa-table">
          <caption className="fa-visually-hidden">Operators</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Added</th>
              <th scope="col">Remove</th>
            </tr>
          </thead>
          <tbody>
            {operators.data.map((operator) => (
              <tr key={operator.user_id}>
                <td>{operator.email ?? operator.user_id}</td>
                <td>{operator.role}</td>
                <td>{formatTime(operator.created_at)}</td>
                <td>
                  {operator.user_id === session.operator.user_id ? (
                    <span className="fa-muted">You</span>
                  ) : (
                    <button type="button" className="fa-button fa-danger" onClick={() => setRemoving(operator)}>
                      Remove <span className="fa-visually-hidden">{operator.email ?? operator.user_id}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section className="fa-card" aria-labelledby="add-operator-title">
        <h2 id="add-operator-title">Add an operator</h2>
        <form onSubmit={(e) => void add(e)}>
          <div className="fa-field">
            <label htmlFor={emailId}>E-mail</label>
            <input id={emailId} name="email" type="email" required autoComplete="off" />
          </div>
          <div className="fa-field">
            <label htmlFor={roleId}>Role</label>
            <select id={roleId} name="role" defaultValue="viewer">
              <option value="viewer">Viewer (reads)</option>
              <option value="owner">Owner (reads and changes)</option>
            </select>
          </div>
          <button type="submit" className="fa-button fa-primary">
            Add operator
          </button>
          <ErrorText error={error} />
        </form>
      </section>
      {removing && (
        <ConfirmDialog
          title="Remove this operator?"
          confirmLabel="Remove operator"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await call('DELETE', adminPaths.operator(removing.user_id))
            operators.reload()
          }}
        >
          <p>{removing.email ?? removing.user_id} can no longer open the console.</p>
        </ConfirmDialog>
      )}
    </>
  )
}
