// An SMTP server that accepts and discards every mail, in a process of its own, so that taking
// the bench's mail costs the measuring process nothing. Prints "port <n>" once listening, then
// "mails <n>" after each mail.
import { SMTPServer } from 'smtp-server';

let mails = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      mails += 1;
      process.stdout.write(`mails ${mails}\n`);
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${server.server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
