import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { TrashService } from './trash.service';

/** How often each replica tries the purge (one of them does it: see TrashService.purgeExpired). */
const EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the trash and activity purge inside the app: once at start, then hourly. The timer is
 * unref'd (it never keeps the process alive) and stopped when the app closes, which also waits
 * for a run under way, so the database is never closed under it.
 */
@Injectable()
export class PurgeJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PurgeJob');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly trash: TrashService) {}

  onApplicationBootstrap(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), EVERY_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.trash
      .purgeExpired()
      .then((result) => {
        if (result && (result.purged > 0 || result.pruned > 0))
          this.logger.log(`purged ${result.purged} item(s) from the trash, ${result.pruned} activity entries`);
      })
      .catch((error: Error) => this.logger.error(`purge failed: ${error.message}`))
      .finally(() => (this.running = undefined));
  }
}
