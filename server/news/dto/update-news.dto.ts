import { PartialType } from '@nestjs/swagger';
import { CreateNewsDto } from './create-news.dto';

/**
 * Every field optional, but `null` is validated ("Title is required") rather than skipped: the
 * default would let `{ "title": null }` through to a NOT NULL column.
 */
export class UpdateNewsDto extends PartialType(CreateNewsDto, { skipNullProperties: false }) {}
