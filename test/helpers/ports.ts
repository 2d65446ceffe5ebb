import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The first port the kernel hands out by itself (to outgoing connections and to listen(0)). A port chosen
 * below it cannot be taken by some connection between the moment it was found free and the moment a
 * child process binds it, which happened in CI with ports from listen(0).
 */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const LOWEST = 20_000;
const ABOVE = ephemeralLow();

function listenOn(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, outside the kernel's ephemeral range when there is
 * room below it. Kept apart so any helper (PostgreSQL's too) can use it without import cycles.
 */
export async function freePort(): Promise<number> {
  if (ABOVE - LOWEST > 1_000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = await listenOn(LOWEST + Math.floor(Math.random() * (ABOVE - LOWEST)));
      if (port) return port;
    }
  }
  const port = await listenOn(0);
  if (!port) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}
