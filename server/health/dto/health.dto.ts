import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Health' })
export class HealthReply {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';
}

@ApiSchema({ name: 'Readiness' })
export class ReadinessReply extends HealthReply {
  @ApiProperty({ enum: ['ok'] })
  database: 'ok';

  @ApiProperty({ enum: ['ok'] })
  storage: 'ok';
}
