import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { createAppLogger } from './common/app-logger';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { configureApp } from './configure-app';
import { openDatabase } from './database/database-connection';

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
  const connection = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, connection), {
    bodyParser: false,
    logger: appLogger,
  });
  configureApp(app, config);
  await app.listen(config.port);

  const database = connection.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL from DATABASE_URL';
  logger.log(`Listening on http://localhost:${config.port} (${database})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: shutting down`);
    await app.close();
    await connection.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

bootstrap().catch((error: unknown) => {
  console.error(error); // eslint-disable-line no-console -- a failed start may come before Nest's logger exists
  process.exit(1);
});
