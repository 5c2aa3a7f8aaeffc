import { Allow } from '../roles/allow.decorator';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { CdnPurges, type CdnStatus } from './cdn-purges.service';
import { CdnStatusDto } from './dto/cdn-status.dto';

/** The CDN's part of Settings: the purge queue. */
@Controller('settings/cdn')
export class CdnController {
  constructor(private readonly purges: CdnPurges) {}

  @Allow('settings.manage')
  @Get()
  @ApiOkResponse({ type: CdnStatusDto })
  status(): Promise<CdnStatus> {
    return this.purges.status();
  }
}
