/** A cache in front of the app, started from the shipped config (deploy/). */
export interface Cache {
  port: number;
  /** Its own folder (Varnish's working directory is `work` in it). */
  dir: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Removes its folder (once stopped). */
  dispose(): void;
}

export function startVarnish(appPort: number, port: number): Promise<Cache>;
export function startNginx(appPort: number, port: number): Promise<Cache>;
