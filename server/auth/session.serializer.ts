import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { AdminsService, toPublicAdmin, type PublicAdmin } from '../admins/admins.service';

/** The session holds the admin's id only; each request loads the admin afresh. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly adminsService: AdminsService) {
    super();
  }

  serializeUser(admin: PublicAdmin, done: (err: Error | null, id?: string) => void): void {
    done(null, admin.id);
  }

  deserializeUser(id: string, done: (err: Error | null, admin?: PublicAdmin | false) => void): void {
    this.adminsService.findById(id).then(
      (admin) => done(null, admin ? toPublicAdmin(admin) : false),
      (error: Error) => done(error),
    );
  }
}
