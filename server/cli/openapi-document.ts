import 'reflect-metadata';
import { ModulesContainer, NestFactory, RouterModule } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { API_ROUTES, AppModule } from '../app.module';
import { sessionCookie } from '../config/web-config';
import { loadConfig } from '../config/app-config';
import type { DatabaseConnection } from '../database/database-connection';
import { createApiDocument } from '../openapi/api-document';

/** Never opened: in preview mode Nest reads the modules' metadata without running a provider. */
const NO_DATABASE: DatabaseConnection = { embedded: false, close: () => Promise.resolve() };

/**
 * The document `/api/openapi.json` serves, built without a database or a listening server: Nest's
 * preview mode scans the modules and controllers but instantiates nothing. The client's types are
 * generated from it (server/cli/api-types.mjs).
 */
export async function previewApiDocument(): Promise<OpenAPIObject> {
  const config = loadConfig({ NODE_ENV: 'test' }, { serving: false });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, NO_DATABASE), {
    preview: true,
    logger: false,
    bodyParser: false,
  });
  // Preview mode instantiates no module, RouterModule included: its constructor is what gives the
  // API modules their /api, so it runs here by hand.
  new RouterModule(app.get(ModulesContainer), API_ROUTES);
  return createApiDocument(app, sessionCookie(config.publicUrl).name);
}
