import { connect, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import { sleep, type Outcome } from './app-process';

/**
 * A photo upload whose body trickles in `chunks` pieces `gapMs` apart. `sent` resolves once the
 * headers and the first piece are out (the app has the request); `reply` with the outcome.
 */
export function slowUpload(
  port: number,
  cookie: string,
  newsId: string,
  photo: Buffer,
  chunks = 8,
  gapMs = 250,
): { sent: Promise<void>; reply: Promise<Outcome> } {
  const boundary = `----fault${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  let markSent: () => void = () => undefined;
  const sent = new Promise<void>((done) => (markSent = done));
  const reply = new Promise<Outcome>((done) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: `/api/news/${newsId}/upload`,
        method: 'POST',
        agent: false,
        headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(parts).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message, ms: performance.now() - started }));
    void (async () => {
      const size = Math.ceil(body.length / chunks);
      for (let i = 0; i < chunks; i += 1) {
        req.write(body.subarray(i * size, (i + 1) * size));
        if (i === 0) {
          await sleep(100);
          markSent();
        }
        await sleep(gapMs);
      }
      req.end();
    })();
  });
  return { sent, reply };
}

/** A client that starts a request and never finishes its body: it must not hold the shutdown up. */
export function stuckRequest(port: number, cookie: string): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/services HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"title":`,
  );
  return socket;
}

/**
 * A keep-alive connection that has begun a readiness request (request line only) before the stop
 * and finishes it after: the app reads it while shutting down.
 */
export function halfSentReadiness(port: number): { finish: () => Promise<string> } {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  socket.write('GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  return {
    finish: () =>
      new Promise((done) => {
        socket.on('close', () => done(received));
        socket.write('Connection: keep-alive\r\n\r\n');
        setTimeout(() => {
          socket.destroy();
        }, 5000);
      }),
  };
}
