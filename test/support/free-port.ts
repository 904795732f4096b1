// A port for a test's own sandbox (VENUE_SANDBOX_PORT).
import net from 'node:net';

/**
 * A port free on 127.0.0.1 a moment ago (for a sandbox of a test's own, VENUE_SANDBOX_PORT), chosen below the
 * system's ephemeral range (32768 and up on Linux): a port the system handed out and took back could be handed at
 * once to another test's server listening on port 0, which the sandbox started here would then find answering there.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
