/**
 * A stop signal during start-up ends the process at once.
 *
 * Normally nothing is needed for that: with no JavaScript handler a signal keeps its default
 * action, which ends the process whatever the main thread is doing (see Lifecycle). But as PID 1 in
 * a container (`docker run` without `--init`) the kernel ignores signals that have no handler, so
 * `docker stop` would wait out its grace period and kill the container. There, and only there,
 * a handler is installed before anything else loads; it runs as soon as the main thread is free
 * (between the modules' loading and the database's steps) and exits with the status the default
 * action would have given. Lifecycle takes the signals over once the app is running.
 *
 * Import this module first in main.ts: imports run in order, and the others are slow.
 */
const EXIT_STATUS: Partial<Record<NodeJS.Signals, number>> = { SIGTERM: 143, SIGINT: 130 };

function exitNow(signal: NodeJS.Signals): void {
  process.exit(EXIT_STATUS[signal] ?? 1);
}

if (process.pid === 1) {
  process.on('SIGTERM', exitNow);
  process.on('SIGINT', exitNow);
}

/** Hands the stop signals over to the running app's graceful stop. */
export function startUpDone(): void {
  process.off('SIGTERM', exitNow);
  process.off('SIGINT', exitNow);
}
