import { Allow } from '../roles/allow.decorator';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { CurrentAdmin, type SignedInAdmin } from '../common/current-admin.decorator';
import { DashboardService } from './dashboard.service';
import { DashboardDto } from './dto/dashboard.dto';

@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Allow('dashboard.read')
  @Get()
  @ApiOkResponse({ type: DashboardDto })
  read(@CurrentAdmin() admin: SignedInAdmin): Promise<DashboardDto> {
    return this.dashboard.read(admin.role);
  }
}
