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

  @ApiProperty()
  createdAt: Date;

  @ApiProperty()
  updatedAt: Date;
}
