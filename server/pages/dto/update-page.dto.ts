import { PartialType } from '@nestjs/swagger';
import { CreatePageDto } from './create-page.dto';

/** Every field optional; `null` validated rather than skipped (as UpdateNewsDto). */
export class UpdatePageDto extends PartialType(CreatePageDto, { skipNullProperties: false }) {}
