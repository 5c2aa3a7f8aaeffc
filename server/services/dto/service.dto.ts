import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { TranslationStateItem } from '../../translations/translations.module';

/** A service as the API answers it (the client's `Service` type is generated from this). */
@ApiSchema({ name: 'Service' })
export class ServiceDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty()
  about: string;

  @ApiProperty({
    type: 'integer',
    description: 'Moves on by one with every live change; single reads send it as the ETag, saves may send it back in If-Match',
  })
  version: number;

  @ApiProperty({ description: 'It has a working copy (unpublished changes) that visitors do not see' })
  hasDraft: boolean;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty()
  updatedAt: Date;
}

/** A service in the admin list: with its translations' states (issue #41). */
@ApiSchema({ name: 'ServiceListItem' })
export class ServiceListItemDto extends ServiceDto {
  @ApiProperty({
    type: [TranslationStateItem],
    description: "Its translations into the site's languages other than the default, in their order (a language without one is missing)",
  })
  translations: TranslationStateItem[];
}
