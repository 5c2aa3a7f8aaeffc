import { Body, Controller, HttpCode, HttpStatus, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Public } from '../common/public.decorator';
import { AdminsService, toPublicAdmin, type PublicAdmin } from './admins.service';
import { RegisterAdminDto } from './dto/register-admin.dto';
import { RegistrationGuard } from './registration.guard';

@Controller('admins')
export class AdminsController {
  constructor(
    private readonly adminsService: AdminsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Registration follows REGISTRATION (see RegistrationGuard). An anonymous first-admin
   * registration is re-checked atomically on insert. The caller's own session is left as it is.
   */
  @Public()
  @UseGuards(RegistrationGuard)
  @Post('register')
  @HttpCode(HttpStatus.CREATED)
  async register(@Body() dto: RegisterAdminDto, @Req() req: Request) {
    const onlyIfFirst = this.config.registration === 'first-admin' && !req.isAuthenticated();
    const by = req.isAuthenticated() ? { admin: req.user as PublicAdmin, address: req.ip ?? null } : undefined;
    const admin = await this.adminsService.create(dto, { onlyIfFirst, by, address: req.ip ?? null });
    return { admin: toPublicAdmin(admin) };
  }
}
