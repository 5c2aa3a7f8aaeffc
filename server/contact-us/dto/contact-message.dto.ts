import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** A visitor's message as the API answers it. */
@ApiSchema({ name: 'ContactMessage' })
export class ContactMessageDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ description: 'Empty when the visitor left no phone number' })
  phno: string;

  @ApiProperty()
  email: string;

  @ApiProperty()
  msg: string;

  @ApiProperty()
  createdAt: Date;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The code of the language of the page it was sent from (issue #41); null when not known (sent through the API, or before languages)',
    example: 'de',
  })
  lang: string | null;

  @ApiProperty({ type: Date, nullable: true, description: 'When an administrator first opened it; null while unread' })
  readAt: Date | null;
}
