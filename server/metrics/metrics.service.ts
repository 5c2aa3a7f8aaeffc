import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { registry, watchPool } from '../common/metrics';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * Serves the metrics in Prometheus's text format at GET /metrics on METRICS_PORT, a port of its
 * own: the public port never shows them (it answers 404 for /metrics), so the numbers stay on the
 * network the operator's Prometheus uses. It listens on METRICS_HOST, 127.0.0.1 by default: only
 * the machine (or pod) itself reaches it until the operator names an address Prometheus can reach.
 * Unset METRICS_PORT: no listener at all.
 */
@Injectable()
export class MetricsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | undefined;
  private unwatch: () => void = () => undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unwatch = watchPool((this.dataSource.driver as unknown as { master: Pool }).master);
    const { metricsPort: port, metricsHost: host } = this.config;
    if (port === undefined) return;
    const server = createServer((req, res) => {
      if (req.url?.split('?')[0] !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      registry.metrics().then(
        (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
        (error: unknown) => {
          this.logger.error(`could not collect the metrics: ${(error as Error).message}`);
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Could not collect the metrics\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    this.logger.log(`Metrics on http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.unwatch();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
