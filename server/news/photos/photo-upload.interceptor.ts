import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  HttpCode,
  HttpStatus,
  Inject,
  Injectable,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { ApiFieldErrors } from '../../common/api-docs';
import { ApiError } from '../../common/api-error';
import { AcceptsMultipart } from '../../http/accepts-multipart.decorator';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { photoTooLarge } from './photo-processor';

/** The multipart field that carries the photo. */
export const PHOTO_FIELD = 'photo';
/** Text fields a form may carry besides the photo (read and ignored), and the bytes of each. */
const TEXT_FIELDS = 10;
const FIELD_BYTES = 1024;

/**
 * Nest's FileInterceptor (multer, memory storage: nothing touches the disk until the photo has
 * been checked) with our limits, and multer's refusals answered in the API's shape, keyed photo.
 *
 * It runs after the global SessionGuard (guards come before interceptors in Nest's pipeline), so
 * an anonymous request is refused before a byte of its body is read.
 */
@Injectable()
export class PhotoUploadInterceptor extends FileInterceptor(PHOTO_FIELD) {
  private readonly maxBytes: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super({
      limits: {
        fileSize: config.uploadMaxBytes,
        files: 1,
        fields: TEXT_FIELDS,
        fieldSize: FIELD_BYTES,
        fieldNameSize: 100,
        parts: TEXT_FIELDS + 1,
        headerPairs: 50,
      },
    });
    this.maxBytes = config.uploadMaxBytes;
  }

  /** Only the reading of the body is wrapped: the handler's own errors pass through untouched. */
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return (await super.intercept(context, next)) as Observable<unknown>;
    } catch (error) {
      throw this.refusal(error);
    }
  }

  private refusal(error: unknown): unknown {
    const status = (error as { getStatus?: () => number }).getStatus?.();
    const code = ((error as { cause?: { code?: unknown } }).cause?.code ?? '') as string;
    if (code === 'LIMIT_FILE_SIZE' || status === HttpStatus.PAYLOAD_TOO_LARGE) return photoTooLarge(this.maxBytes);
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') {
      return ApiError.field(PHOTO_FIELD, 'Send one photo, in the field photo');
    }
    if (status === HttpStatus.UNSUPPORTED_MEDIA_TYPE) {
      return ApiError.field(PHOTO_FIELD, 'Send the photo as multipart/form-data', HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    }
    if (status === HttpStatus.BAD_REQUEST) return ApiError.field(PHOTO_FIELD, 'The upload could not be read. Please try again.');
    return error;
  }
}

/**
 * A route that takes one photo (multipart, the field `photo`) through PhotoUploadInterceptor and
 * answers `status` (200 unless said), documented as such with the photo's refusals; `description`
 * says what becomes of the photo, and `required` whether a form without it is refused (the logo,
 * POST /api/photos) or changes nothing (an article's upload).
 */
export function PhotoUpload(
  description: string,
  { required, status = HttpStatus.OK }: { required: boolean; status?: HttpStatus },
): MethodDecorator {
  return applyDecorators(
    AcceptsMultipart(),
    HttpCode(status),
    UseInterceptors(PhotoUploadInterceptor),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        ...(required ? { required: [PHOTO_FIELD] } : {}),
        properties: { [PHOTO_FIELD]: { type: 'string', format: 'binary', description } },
        // What the interceptor's limits let through: other text fields are read and ignored.
        additionalProperties: { type: 'string', maxLength: FIELD_BYTES, description: 'Ignored' },
        maxProperties: TEXT_FIELDS + 1,
      },
    }),
    ApiFieldErrors(
      `${required ? 'No photo, a' : 'A'} file in another field than ${PHOTO_FIELD}, more than one file or ${TEXT_FIELDS} other fields, or a form that cannot be read`,
    ),
    ApiFieldErrors('The photo is too large', HttpStatus.PAYLOAD_TOO_LARGE),
    ApiFieldErrors('The file is not an accepted image', HttpStatus.UNSUPPORTED_MEDIA_TYPE),
  );
}
