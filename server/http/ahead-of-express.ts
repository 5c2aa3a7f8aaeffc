import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * A handler of the few requests a site gets as often as its pages are viewed (the visitor-count
 * beacon, a visitor's page already in the page cache), which Express's routing and middleware
 * would cost more than the answer itself. `answers` takes the request, or returns false at once
 * and leaves it untouched for Express.
 */
export interface AheadOfExpress {
  answers(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * Has `handlers` see every request on `server` before its other listeners (Express) do, in the
 * order given; a request none of them takes goes on to Express as if they were not there.
 */
export function answerAheadOfExpress(server: Server, handlers: readonly AheadOfExpress[]): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    for (const handler of handlers) if (handler.answers(req, res)) return;
    for (const listener of listeners) listener.call(server, req, res);
  });
}
