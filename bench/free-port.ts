import { createServer } from 'node:net';

/**
 * A port no one listens on, as the system gives it: a port picked at random could be one a server
 * left running still holds, and the bench would then measure that server, not its own (its own
 * stops at EADDRINUSE while the other answers /api/ready).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
