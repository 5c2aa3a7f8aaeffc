import { ApiProperty, ApiSchema } from '@nestjs/swagger';

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
