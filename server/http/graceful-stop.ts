// A replica that is told to stop (SIGTERM from a service manager, an orchestrator's rolling
// restart) finishes what it started: it stops accepting connections, answers the requests in
// flight (each with `Connection: close`, so keep-alive clients reconnect elsewhere), says
// "stopping" to a health probe still arriving on an open connection, and only then lets the
// process close its jobs and database. Requests still running after the grace period are cut:
// an orchestrator kills the process soon after anyway (Kubernetes: 30 s by default).
import type { RequestListener, Server, ServerResponse } from 'node:http';
import net from 'node:net';

export type Drain = {
  /** The server's handler, counting the requests in flight. */
  handler: RequestListener;
  inFlight(): number;
  /**
   * Stops accepting, waits for the requests in flight (at most `graceMs`), then closes what is
   * left. True when every request finished by itself.
   */
  stop(server: Server, graceMs: number, acceptWindowMs?: number, busyListenMs?: number): Promise<boolean>;
};

/** How long a stopping process still accepts connections already on their way. */
export const ACCEPT_WINDOW_MS = 500;

/**
 * How long a stopping process keeps listening while requests keep arriving. A load balancer
 * takes the replica out once /healthz says "stopping" (HAProxy checking every 2 s, 2 failures:
 * about 4 s); one that goes on sending must find the door shut, so that it sends elsewhere.
 */
export const BUSY_LISTEN_MS = 5_000;

export function createDrain(handler: RequestListener): Drain {
  let inFlight = 0;
  const answering = new Set<ServerResponse>();
  let stopping = false;

  const wrapped: RequestListener = (req, res) => {
    if (stopping) {
      res.setHeader('Connection', 'close');
      if ((req.url ?? '').split('?')[0] === '/healthz') {
        res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        return void res.end(JSON.stringify({ status: 'stopping' }));
      }
    }
    inFlight += 1;
    answering.add(res);
    res.once('close', () => {
      inFlight -= 1;
      answering.delete(res);
    });
    handler(req, res);
  };

  return {
    handler: wrapped,
    inFlight: () => inFlight,
    async stop(server, graceMs, acceptWindowMs = ACCEPT_WINDOW_MS, busyListenMs = BUSY_LISTEN_MS) {
      stopping = true;
      // The answers under way end their connections too, where their head is not sent yet.
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
      // Connections the kernel has queued but Node has not accepted yet would be reset by
      // close(): keep accepting a moment longer (they are answered, with Connection: close),
      // while /healthz already says "stopping" to the load balancer.
      if (acceptWindowMs > 0) await new Promise((resolve) => setTimeout(resolve, acceptWindowMs));
      // Keep listening while there is work: an event loop busy with the database accepts queued
      // connections only between its tasks, and closing the listener resets those still queued
      // (seen in CI). Close once nothing has been in flight for a moment, or after busyListenMs:
      // under steady traffic from a balancer that keeps sending there is never such a moment, and
      // listening on until the deadline only meant cutting the requests then in flight.
      // A moment is quiet only if no connection was accepted in it either: a loop busy with the
      // embedded database accepted the queued connections one per task, with nothing in flight
      // between two of them (seen: 29 accepted one by one after SIGTERM, 7 reset at the close).
      const deadline = Date.now() + graceMs;
      const listenUntil = Math.min(deadline, Date.now() + busyListenMs);
      let accepted = 0;
      const countAccepted = () => void (accepted += 1);
      server.on('connection', countAccepted);
      for (let quiet = 0, seen = accepted; quiet < 3 && Date.now() < listenUntil; seen = accepted) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        quiet = inFlight === 0 && accepted === seen ? quiet + 1 : 0;
      }
      server.off('connection', countAccepted);
      // Stop accepting, but keep the connections: http.Server#close also ends "idle" ones, and
      // to Node a connection whose request is not parsed yet is idle (under load that cut
      // requests already sent: ECONNRESET). net.Server#close only stops the listening socket.
      const closed = new Promise<true>((resolve) => net.Server.prototype.close.call(server, () => resolve(true)));
      // Done when every connection has ended by itself: each answer now closes its connection,
      // and a connection accepted but not yet parsed is answered too (ending connections when
      // the in-flight count touched 0 reset those, seen in CI). Idle keep-alives end at
      // keepAliveTimeout. Past the grace period, whatever is left is cut.
      const drained = await Promise.race([closed, new Promise<false>((resolve) => setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())).unref())]);
      if (!drained) {
        server.closeAllConnections();
        await closed;
      }
      return drained;
    },
  };
}
