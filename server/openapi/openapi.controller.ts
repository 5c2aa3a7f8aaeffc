import { Controller, Get, Inject } from '@nestjs/common';
import { ApplicationConfig, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Public } from '../common/public.decorator';
import { buildOpenApiDocument } from './openapi-document';

/** The session cookie's name, given by the app module (see OpenApiModule.register). */
export const OPENAPI_SESSION_COOKIE = Symbol('OPENAPI_SESSION_COOKIE');

/** The API's OpenAPI 3.1 description, for integrators and client generators. */
@Public()
@Controller()
export class OpenApiController {
  private document: Record<string, unknown> | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly appConfig: ApplicationConfig,
    @Inject(OPENAPI_SESSION_COOKIE) private readonly sessionCookie: string,
  ) {}

  /** Built on first request, when every route is registered, then kept: routes do not change. */
  @Get('openapi.json')
  openapi() {
    this.document ??= buildOpenApiDocument(this.discovery, this.scanner, this.reflector, {
      globalPrefix: this.appConfig.getGlobalPrefix(),
      title: 'Company website API',
      version: '1',
      sessionCookie: this.sessionCookie,
    });
    return this.document;
  }
}
