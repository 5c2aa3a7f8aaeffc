import { Global, Module } from '@nestjs/common';
import { ContentEvents } from './content-events.service';

/**
 * Content events (ContentEvents): raised by the services that change public content, heard by the
 * page cache. Global, like the configuration: every content module raises them, and none should
 * have to import a module for it.
 */
@Global()
@Module({ providers: [ContentEvents], exports: [ContentEvents] })
export class ContentEventsModule {}
