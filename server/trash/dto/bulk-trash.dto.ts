import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, ValidateNested } from 'class-validator';
import { BULK_MAX, IsId } from '../../common/by-id-or-404';
import { kindList, TRASH_KINDS, type TrashKind } from '../../content/content-kinds';

/** One item in the trash, named as the trash list names it. */
export class TrashItemRefDto {
  @ApiProperty({ enum: TRASH_KINDS, enumName: 'TrashKind' })
  @IsIn(TRASH_KINDS, { message: `Kind must be ${kindList(TRASH_KINDS)}` })
  kind: TrashKind;

  @ApiProperty({ format: 'uuid', description: 'A UUID of any version; one that names nothing in the trash makes it a 404' })
  @IsId('Id must be a UUID')
  id: string;
}

/** `{ items: [{ kind, id }] }` of a bulk restore or purge: 1 to 100 items. */
export class BulkTrashDto {
  @ApiProperty({ type: [TrashItemRefDto], minItems: 1, maxItems: BULK_MAX })
  @ValidateNested({ each: true, message: 'Each item must be { kind, id }' })
  @Type(() => TrashItemRefDto)
  @ArrayMaxSize(BULK_MAX, { message: `Items must name at most ${BULK_MAX} items` })
  @ArrayNotEmpty({ message: 'Items must name at least one item' })
  @IsArray({ message: 'Items must be a list of { kind, id }' })
  items: TrashItemRefDto[];
}
