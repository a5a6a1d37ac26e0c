// A real SMTP server on loopback for the mail tests (DESIGN.md "Real parts": smtp-server receives, mailparser parses),
// keeping every message with the envelope's recipients.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  mail: ParsedMail;
  rcptTo: string[];
}

export interface SmtpSink {
  /** Every message received so far, in order (tests empty it between cases). */
  received: ReceivedMail[];
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ mail, rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
