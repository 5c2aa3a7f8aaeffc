// A second process for the embedded database lock test: opens the embedded database in the
// directory given as the first argument (from the build: `npm test` builds first), prints the
// socket directory as one JSON line and keeps the database open until it is killed.
import { openDatabase } from '../../dist/server/database/database-connection.js';

const connection = await openDatabase({ dataDir: process.argv[2] });
process.stdout.write(`${JSON.stringify({ socketDir: connection.socketDir })}\n`);
process.on('SIGTERM', () => void connection.close().then(() => process.exit(0)));
setInterval(() => undefined, 60_000);
