export interface ScratchDatabase {
  name: string;
  /** DATABASE_URL for the new database. */
  url: string;
  drop(): Promise<void>;
}

export function createScratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase>;
