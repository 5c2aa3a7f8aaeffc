import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, type OpenAPIObject } from '@nestjs/swagger';
import { Public } from '../common/public.decorator';
import { ApiDocument } from './api-document';

/** The API's OpenAPI 3.1 description, for integrators and client generators (no UI is served). */
@Public()
@Controller()
export class OpenApiController {
  constructor(private readonly document: ApiDocument) {}

  @Get('openapi.json')
  @ApiOkResponse({ description: 'This document (OpenAPI 3.1)', schema: { type: 'object', required: ['openapi', 'paths'] } })
  openapi(): OpenAPIObject {
    return this.document.get();
  }
}
