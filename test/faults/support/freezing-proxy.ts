import { connect, createServer, type Server, type Socket } from 'node:net';

interface Pipe {
  client: Socket;
  server: Socket;
  /** Bytes held while frozen, per direction, in order. */
  toServer: Buffer[];
  toClient: Buffer[];
}

/**
 * A TCP proxy in front of PostgreSQL that freezes like a SIGSTOPped server, but at a chosen
 * statement: armed with a pattern, the first client message whose bytes match it is held, and
 * from then on nothing passes in either direction on any connection (new ones are accepted and
 * held too), until thaw() delivers everything held, in order, as SIGCONT would. So a test can
 * make a transaction wait on exactly its BEGIN, its write, its activity row or its COMMIT.
 */
export class FreezingProxy {
  private server: Server | undefined;
  private readonly pipes = new Set<Pipe>();
  private trigger: RegExp | undefined;
  frozen = false;
  port = 0;

  constructor(
    private readonly targetPort: number,
    private readonly targetHost = '127.0.0.1',
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** The URL for the app: the cluster's, through this proxy. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Freezes everything as soon as a client sends bytes matching `pattern` (those bytes held too). */
  freezeOn(pattern: RegExp): void {
    this.trigger = pattern;
  }

  thaw(): void {
    this.trigger = undefined;
    this.frozen = false;
    for (const pipe of this.pipes) {
      for (const chunk of pipe.toServer.splice(0)) pipe.server.write(chunk);
      for (const chunk of pipe.toClient.splice(0)) pipe.client.write(chunk);
    }
  }

  async stop(): Promise<void> {
    for (const pipe of this.pipes) {
      pipe.client.destroy();
      pipe.server.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: Socket): void {
    const server = connect(this.targetPort, this.targetHost);
    const pipe: Pipe = { client, server, toServer: [], toClient: [] };
    this.pipes.add(pipe);
    const end = () => {
      client.destroy();
      server.destroy();
      this.pipes.delete(pipe);
    };
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => {
      if (!this.frozen && this.trigger?.test(chunk.toString('latin1'))) this.frozen = true;
      if (this.frozen) pipe.toServer.push(chunk);
      else server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (this.frozen) pipe.toClient.push(chunk);
      else client.write(chunk);
    });
  }
}
