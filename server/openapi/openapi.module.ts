import { Module } from '@nestjs/common';
import { ApiDocument } from './api-document';
import { OpenApiController } from './openapi.controller';

@Module({
  controllers: [OpenApiController],
  providers: [ApiDocument],
  exports: [ApiDocument],
})
export class OpenApiModule {}
