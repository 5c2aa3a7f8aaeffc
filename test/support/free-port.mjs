// One way for every suite (npm test, the fault suite, the replica test) to pick a port for a server it starts.
import { createServer } from 'node:net';

/** A port on 127.0.0.1 that nothing listens on now (the system's pick, released before answering). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
