import { PartialType } from '@nestjs/swagger';
import { CreateServiceDto } from './create-service.dto';

/**
 * Either field may be left out. `skipNullProperties: false` makes an explicit null fail like in
 * create ("is required"); the default (@IsOptional) would let null through to a NOT NULL column.
 */
export class UpdateServiceDto extends PartialType(CreateServiceDto, { skipNullProperties: false }) {}
