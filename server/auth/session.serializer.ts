import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { AdminsService, toPublicAdmin, type PublicAdmin } from '../admins/admins.service';

/**
 * Passport's documented way for a serializer to step aside: the next one in the chain is tried.
 * See https://github.com/jaredhanson/passport/blob/master/lib/authenticator.js (deserializeUser).
 */
const PASS = 'pass' as unknown as Error;

/** The session holds the admin's id only; each request loads the admin afresh. */
@Injectable()
export class SessionSerializer extends PassportSerializer implements OnModuleDestroy {
  constructor(private readonly adminsService: AdminsService) {
    super();
  }

  /**
   * PassportSerializer registers on the process-wide passport, where nothing unregisters it. A
   * closed app (a test file builds several one after another) must not answer for the next one
   * with its closed database, so it passes from then on.
   */
  private closed = false;

  onModuleDestroy(): void {
    this.closed = true;
  }

  serializeUser(admin: PublicAdmin, done: (err: Error | null, id?: string) => void): void {
    if (this.closed) return done(PASS);
    done(null, admin.id);
  }

  deserializeUser(id: string, done: (err: Error | null, admin?: PublicAdmin | false) => void): void {
    if (this.closed) return done(PASS);
    this.adminsService.findById(id).then(
      (admin) => done(null, admin ? toPublicAdmin(admin) : false),
      (error: Error) => done(error),
    );
  }
}
