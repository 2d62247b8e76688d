import { useState } from 'react'
import { adminPaths, type AdminWebhookDelivery, type AdminWebhookDeliveryPage } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { ErrorText } from './ErrorText.js'
import { formatTime } from './formatTime.js'
import { useLoad } from './useLoad.js'

/** An endpoint's deliveries, newest first, a page at a time, each replayable (owners) however old. */
export function DeliveriesList({ appId, endpointId }: { appId: string; endpointId: string }) {
  const { call, canWrite } = useAdmin()
  // The cursor of each page shown so far (null: the newest): Older pushes the page's next_cursor, Newer pops it.
  const [cursors, setCursors] = useState<(string | null)[]>([null])
  const before = cursors[cursors.length - 1]
  const page = useLoad(
    async () => (await call('GET', `${adminPaths.webhookDeliveries(appId, endpointId)}${before ? `?before=${encodeURIComponent(before)}` : ''}`)) as AdminWebhookDeliveryPage,
    `${appId}/${endpointId}/${before ?? ''}`,
  )
  const deliveries = { ...page, data: page.data?.data ?? null }
  const [error, setError] = useState<unknown>(null)
  const [replayed, setReplayed] = useState<string | null>(null)
  const replay = async (delivery: AdminWebhookDelivery) => {
    setError(null)
    try {
      await call('POST', adminPaths.webhookReplay(appId, endpointId, delivery.id))
      setReplayed(delivery.event_type)
      deliveries.reload()
    } catch (e) {
      setError(e)
    }
  }
  return (
    <div className="fa-deliveries">
      <ErrorText error={deliveries.error} />
      {deliveries.data?.length === 0 && <p>No deliveries yet.</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <table className="fa-table">
          <caption className="fa-visually-hidden">Deliveries</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
              <th scope="col">Created</th>
              {canWrite && <th scope="col">Replay</th>}
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((delivery) => (
              <tr key={delivery.id}>
                <td>{delivery.event_type}</td>
                <td>{delivery.status}</td>
                <td>{delivery.attempts}</td>
                <td>{delivery.last_error ?? delivery.last_status ?? '—'}</td>
                <td>{formatTime(delivery.created_at)}</td>
                {canWrite && (
                  <td>
                    <button type="button" className="fa-button" onClick={() => void replay(delivery)}>
                      Replay <span className="fa-visually-hidden">{delivery.event_type}</span>
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(cursors.length > 1 || page.data?.next_cursor) && (
        <div className="fa-actions">
          <button type="button" className="fa-button" disabled={cursors.length < 2} onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer deliveries
          </button>
          <button type="button" className="fa-button" disabled={!page.data?.next_cursor} onClick={() => setCursors([...cursors, page.data!.next_cursor])}>
            Older deliveries
          </button>
        </div>
      )}
      <p role="status">{replayed ? `Sent ${replayed} again.` : ''}</p>
      <ErrorText error={error} />
    </div>
  )
}
