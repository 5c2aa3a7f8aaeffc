import { ApiProperty, ApiSchema, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsNotEmpty, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { StorableText, Trim } from '../../common/validation';

/** Every setting, checked from the decorator nearest the property upwards (missing, then type, then content). */
@ApiSchema({ name: 'SiteSettingsInput' })
export class SiteSettingsDto {
  @ApiProperty({ description: 'On: visitors see the maintenance page' })
  @IsBoolean({ message: 'Maintenance must be true or false' })
  maintenance: boolean;

  @ApiProperty({ minLength: 1, maxLength: 100 })
  @MaxLength(100, { message: 'Company name must be at most 100 characters' })
  @StorableText('Company name')
  @IsString({ message: 'Company name must be text' })
  @IsNotEmpty({ message: 'Company name is required' })
  @Trim()
  companyName: string;

  @ApiProperty({ maxLength: 200 })
  @MaxLength(200, { message: 'Tagline must be at most 200 characters' })
  @StorableText('Tagline')
  @IsString({ message: 'Tagline must be text' })
  @Trim()
  tagline: string;

  /** Empty means the public pages show no address. */
  @ApiProperty({ description: 'An email address, or empty for none', maxLength: 254 })
  @IsEmail({}, { message: 'Email must be a valid email address' })
  @ValidateIf((_dto, value) => value !== '')
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @StorableText('Email')
  @IsString({ message: 'Email must be text' })
  @Trim()
  email: string;

  /** Empty means the public pages show no number. */
  @ApiProperty({ maxLength: 40, pattern: '^[0-9+()\\-. ]*$' })
  @Matches(/^[0-9+()\-. ]*$/, { message: 'Phone may contain only digits, spaces and + ( ) - .' })
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  @IsString({ message: 'Phone must be text' })
  @Trim()
  phone: string;
}

/** Any subset; an explicit null fails like a missing value would in a full form. */
export class UpdateSettingsDto extends PartialType(SiteSettingsDto, { skipNullProperties: false }) {}

/** The settings as the API answers them and the public pages read them. */
@ApiSchema({ name: 'SiteSettings' })
export class SiteSettings extends SiteSettingsDto {
  @ApiProperty()
  updatedAt: Date;
}
