// A TCP relay on a free port to `targetPort` on localhost that, while `slow` is on, behaves like a slower link: each
// direction sends at its own rate and adds half the round trip. Chromium's own network emulation (CDP) does not reach
// the wallet frame, an out-of-process frame (its Origin-Agent-Cluster header gives it a process of its own).
import net from 'node:net'

/**
 * Starts the relay; `link.slow = true` throttles from then on (connections already open included).
 * `rttMs` is added to every round trip; `downBytesPerSecond` paces the server's answers, `upBytesPerSecond` requests.
 */
export function startSlowLink(targetPort, { rttMs, downBytesPerSecond, upBytesPerSecond }) {
  const sockets = new Set()
  const link = { slow: false, port: 0, close: null }
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, 'localhost')
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    relay(client, upstream, upBytesPerSecond)
    relay(upstream, client, downBytesPerSecond)
  })
  // Chunks in arrival order, each released when the link has sent it plus half the round trip; none overtakes another.
  function relay(from, to, bytesPerSecond) {
    const queue = []
    let linkFreeAt = 0
    let timer = null
    let ended = false
    const flush = () => {
      timer = null
      const now = Date.now()
      while (queue.length && queue[0].at <= now) to.write(queue.shift().chunk)
      if (queue.length) timer = setTimeout(flush, queue[0].at - now)
      else if (ended) to.end()
    }
    from.on('data', (chunk) => {
      const now = Date.now()
      if (!link.slow && !queue.length) return void to.write(chunk)
      const sent = link.slow ? Math.max(now, linkFreeAt) + (chunk.length / bytesPerSecond) * 1000 : now
      linkFreeAt = sent
      queue.push({ chunk, at: sent + (link.slow ? rttMs / 2 : 0) })
      if (!timer) timer = setTimeout(flush, Math.max(0, queue[0].at - now))
    })
    from.on('end', () => {
      ended = true
      if (!queue.length && !timer) to.end()
    })
  }
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, () => {
      link.port = server.address().port
      link.close = () =>
        new Promise((done) => {
          for (const socket of sockets) socket.destroy()
          server.close(() => done())
        })
      resolve(link)
    })
  })
}
