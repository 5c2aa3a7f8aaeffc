import { ApiSchema, IntersectionType, PickType } from '@nestjs/swagger';
import { TranslationStateDto, TranslationStateReply } from '../../translations/translations.module';
import { CreateServiceDto } from './create-service.dto';
import { ServiceDto } from './service.dto';

/** A service's translation (issue #41): its text fields, checked as a service's are, and its own status. */
@ApiSchema({ name: 'ServiceTranslationInput' })
export class ServiceTranslationDto extends IntersectionType(PickType(CreateServiceDto, ['title', 'about'] as const), TranslationStateDto) {}

@ApiSchema({ name: 'ServiceTranslation' })
export class ServiceTranslationReply extends IntersectionType(PickType(ServiceDto, ['title', 'about'] as const), TranslationStateReply) {}
