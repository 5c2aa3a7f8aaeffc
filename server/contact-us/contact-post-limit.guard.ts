import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ContactUsService } from './contact-us.service';

/**
 * The address a public post counts against, or null for a logged-in admin (who can read and
 * delete the inbox anyway), whom the limits leave alone.
 */
export function limitedAddress(req: Request): string | null {
  return req.isAuthenticated() ? null : (req.ip ?? 'unknown');
}

/** Runs before the body is validated: counts the attempt, refuses an address over either limit (ContactUsService's rules). */
@Injectable()
export class ContactPostLimitGuard implements CanActivate {
  constructor(private readonly contactUs: ContactUsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const address = limitedAddress(context.switchToHttp().getRequest<Request>());
    if (address !== null) await this.contactUs.countAttempt(address);
    return true;
  }
}
