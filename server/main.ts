// First: a stop during start-up must end the process at once, even as PID 1 in a container.
import './lifecycle/stop-during-start';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { createAppLogger } from './http/app-logger';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { configureApp } from './configure-app';
import { openDatabase } from './database/database-connection';
import { Lifecycle } from './lifecycle/shutdown';

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message); // eslint-disable-line no-console -- no logger exists before the configuration is read
      process.exit(1);
    }
    throw error;
  }
  // One logger for the whole process, Nest's messages and ours, from the first line on.
  const appLogger = createAppLogger(config);
  Logger.overrideLogger(appLogger);
  const logger = new Logger('Main');
  const lifecycle = new Lifecycle();
  const connection = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, connection), {
    bodyParser: false,
    logger: appLogger,
  });
  app.use(lifecycle.middleware);
  configureApp(app, config);
  await app.listen(config.port);

  const database = connection.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL from DATABASE_URL';
  logger.log(`Listening on http://localhost:${config.port} (${database})`);
  if (config.nodeEnv === 'production' && !config.requireSecondFactor) {
    logger.warn('REQUIRE_SECOND_FACTOR=false: in production an administrator may sign in with a password alone');
  }
  if (config.secretsKeyDerived) {
    logger.warn(
      'SECRETS_KEY is not set: authenticator secrets are sealed under a key derived from SESSION_SECRET. Set SECRETS_KEY (and keep it) before you ever change SESSION_SECRET, or those secrets are lost',
    );
  }

  // From here on a stop drains the requests first (before, it ends the process at once: see
  // Lifecycle). Nest's close ends the session store and the pool; the embedded database goes last.
  lifecycle.running(
    app.getHttpServer(),
    [
      { name: 'the app (sessions, database pool)', close: () => app.close() },
      { name: 'the database', close: () => connection.close() },
    ],
    config.shutdownTimeoutMs,
  );
}

bootstrap().catch((error: unknown) => {
  console.error(error); // eslint-disable-line no-console -- a failed start may come before Nest's logger exists
  process.exit(1);
});
