import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OPENAPI_SESSION_COOKIE, OpenApiController } from './openapi.controller';

@Module({})
export class OpenApiModule {
  /** `sessionCookie`: the name of the cookie that the document's security scheme describes. */
  static register(options: { sessionCookie: string }): DynamicModule {
    return {
      module: OpenApiModule,
      imports: [DiscoveryModule],
      controllers: [OpenApiController],
      providers: [{ provide: OPENAPI_SESSION_COOKIE, useValue: options.sessionCookie }],
    };
  }
}
