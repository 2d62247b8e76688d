import { useState } from 'react'
import { adminPaths, type AdminWebhookDelivery, type AdminWebhookDeliveryPage } from '../adminApi.js'
import { useAdmin } from './AdminContext.js'
import { CursorPager, useCursorPages } from './CursorPager.js'
import { ErrorText } from './ErrorText.js'
import { formatTime } from './formatTime.js'
import { useLoad } from './useLoad.js'

/** An endpoint's deliveries, newest first, a page at a time, each replayable (owners) however old. */
export function DeliveriesList({ appId, endpointId }: { appId: string; endpointId: string }) {
  const { call, canWrite } = useAdmin()
  const pages = useCursorPages()
  const before = pages.cursor
  const page = useLoad(
    () => call<AdminWebhookDeliveryPage>('GET', `${adminPaths.webhookDeliveries(appId, endpointId)}${before ? `?before=${encodeURIComponent(before)}` : ''}`),
    `${appId}/${endpointId}/${before ?? ''}`,
  )
  const deliveries = page.data?.data
  const [error, setError] = useState<unknown>(null)
  const [replayed, setReplayed] = useState<string | null>(null)
  const replay = async (delivery: AdminWebhookDelivery) => {
    setError(null)
    try {
      await call('POST', adminPaths.webhookReplay(appId, endpointId, delivery.id))
      setReplayed(delivery.event_type)
      page.reload()
    } catch (e) {
      setError(e)
    }
  }
  return (
    <div className="fa-deliveries">
      <ErrorText error={page.error} />
      {deliveries?.length === 0 && <p>No deliveries yet.</p>}
      {deliveries && deliveries.length > 0 && (
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
            {deliveries.map((delivery) => (
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
      {(pages.hasPrevious || page.data?.next_cursor) && <CursorPager pages={pages} nextCursor={page.data?.next_cursor} labels={['Newer deliveries', 'Older deliveries']} />}
      <p role="status">{replayed ? `Sent ${replayed} again.` : ''}</p>
      <ErrorText error={error} />
    </div>
  )
}
