import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type DatabaseKind,
  openTestDatabase,
  resetDatabase,
  testDatabaseKinds,
} from '../../test-support/database';
import type { AppConfig } from '../context';
import type { DatabaseHandle } from '../db/client';
import { createDelivery, listOutbox } from './index';

const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
} as unknown as FastifyBaseLogger;

function config(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 3000,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:3000',
    secretKey: null,
    rateLimits: {},
    trustedProxies: null,
    metrics: { enabled: false, token: null, processMetrics: false },
    adminApiKey: null,
    consoleExposure: { listener: null, publicUrl: null, allowedIps: null },
    consoleOwnerEmail: null,
    breachRangeApiUrl: null,
    devAllowedOrigins: [],
    secretKeyPrevious: null,
    databaseUrl: null,
    redisUrl: null,
    dataDir: null,
    smtpUrl: null,
    mailFrom: 'Gatehouse <no-reply@gatehouse.test>',
    sms: null,
    projectFile: null,
    webDistDir: null,
    consoleDistDir: null,
    scriptTagDir: null,
    bodyLimit: 1_048_576,
    telemetryLimit: 10_000,
    purgeIntervalSeconds: 0,
    outboxRetentionHours: 24,
    webhookWorkerIntervalMs: 0,
    eventRetentionDays: 90,
    logLevel: 'silent',
    shutdownDrainSeconds: 0,
    ...overrides,
  };
}

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function startProvider(status: number, answer: string) {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabaseKinds())('delivery on %s', (kind: DatabaseKind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    await resetDatabase(handle);
  });

  it('sends e-mail over SMTP to a real SMTP server, and nothing lands in the outbox', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    try {
      const delivery = createDelivery({
        config: config({ smtpUrl: `smtp://127.0.0.1:${port}` }),
        db: handle.db,
        log: silentLog,
      });
      await delivery.send({
        channel: 'email',
        to: 'Ada@Example.com',
        projectId: null,
        subject: 'Your login link',
        text: 'Open https://app.example.com/authenticate?token=abc to sign in.',
        html: '<p>Open <a href="https://app.example.com/authenticate?token=abc">this link</a></p>',
      });
      expect(received).toHaveLength(1);
      const mail = await simpleParser(received[0]!);
      expect(mail.subject).toBe('Your login link');
      expect(mail.text?.trim()).toBe('Open https://app.example.com/authenticate?token=abc to sign in.');
      expect(mail.html).toContain('href="https://app.example.com/authenticate?token=abc"');
      expect(mail.from?.text).toContain('no-reply@gatehouse.test');
      expect(await listOutbox(handle.db, { to: null, limit: 10 })).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('throws a clear error when the SMTP server refuses the message', async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(new Error('mailbox unavailable'));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    try {
      const delivery = createDelivery({
        config: config({ smtpUrl: `smtp://127.0.0.1:${port}` }),
        db: handle.db,
        log: silentLog,
      });
      await expect(
        delivery.send({ channel: 'email', to: 'a@example.com', projectId: null, subject: 'x', text: 'y' }),
      ).rejects.toThrow(/SMTP server refused the message/);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('sends SMS and WhatsApp through the Twilio-compatible Messages API', async () => {
    const provider = await startProvider(201, '{"sid":"SM123"}');
    try {
      const delivery = createDelivery({
        config: config({
          sms: {
            accountSid: 'AC123',
            authToken: 'secret-token',
            from: '+15550001111',
            whatsappFrom: '+15550002222',
            apiBaseUrl: provider.baseUrl,
          },
        }),
        db: handle.db,
        log: silentLog,
      });
      await delivery.send({
        channel: 'sms',
        to: '+15551234567',
        projectId: null,
        text: 'Your code is 123456',
      });
      await delivery.send({ channel: 'whatsapp', to: '+15557654321', projectId: null, text: 'Code 654321' });
      expect(provider.requests).toHaveLength(2);
      const [sms, whatsapp] = provider.requests;
      expect(sms!.method).toBe('POST');
      expect(sms!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(sms!.headers.authorization).toBe(
        `Basic ${Buffer.from('AC123:secret-token').toString('base64')}`,
      );
      expect(sms!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(sms!.body))).toEqual({
        To: '+15551234567',
        From: '+15550001111',
        Body: 'Your code is 123456',
      });
      expect(Object.fromEntries(new URLSearchParams(whatsapp!.body))).toEqual({
        To: 'whatsapp:+15557654321',
        From: 'whatsapp:+15550002222',
        Body: 'Code 654321',
      });
      // E-mail still goes to the outbox when only SMS is configured.
      await delivery.send({
        channel: 'email',
        to: 'a@example.com',
        projectId: null,
        subject: 's',
        text: 't',
      });
      expect(await listOutbox(handle.db, { to: null, limit: 10 })).toHaveLength(1);
    } finally {
      await provider.close();
    }
  });

  it('turns a provider 500 into a clear error', async () => {
    const provider = await startProvider(500, '{"code":20500,"message":"Internal Server Error"}');
    try {
      const delivery = createDelivery({
        config: config({
          sms: {
            accountSid: 'AC1',
            authToken: 't',
            from: '+15550001111',
            whatsappFrom: null,
            apiBaseUrl: provider.baseUrl,
          },
        }),
        db: handle.db,
        log: silentLog,
      });
      await expect(
        delivery.send({ channel: 'sms', to: '+15551234567', projectId: null, text: 'x' }),
      ).rejects.toThrow('The sms provider refused the message (HTTP 500: Internal Server Error).');
    } finally {
      await provider.close();
    }
  });

  it('stores messages in the dev outbox with links and codes, newest first, `to` case-insensitive', async () => {
    const delivery = createDelivery({ config: config(), db: handle.db, log: silentLog });
    await delivery.send({
      channel: 'email',
      to: 'Ada@Example.com',
      projectId: null,
      subject: 'First',
      text: 'Sign in: https://app.example.com/a?token=123456789. Or enter 246810. Not 1234567 nor 12345.',
    });
    await delivery.send({ channel: 'sms', to: '+15551234567', projectId: null, text: 'Your code is 135790' });
    await delivery.send({
      channel: 'email',
      to: 'ada@example.com',
      projectId: null,
      subject: 'Second',
      text: 'x',
    });
    const ada = await listOutbox(handle.db, { to: 'ADA@example.COM', limit: 10 });
    expect(ada.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(ada[1]!.links).toEqual(['https://app.example.com/a?token=123456789']);
    expect(ada[1]!.codes).toEqual(['246810']);
    const phone = await listOutbox(handle.db, { to: '+15551234567', limit: 10 });
    expect(phone).toHaveLength(1);
    expect(phone[0]).toMatchObject({
      channel: 'sms',
      codes: ['135790'],
      links: [],
      subject: null,
      html: null,
    });
  });

  it('in production, stores nothing without a provider: the send fails instead (AT-03)', async () => {
    const delivery = createDelivery({ config: config({ env: 'production' }), db: handle.db, log: silentLog });
    await expect(
      delivery.send({ channel: 'email', to: 'a@example.com', projectId: null, subject: 's', text: '123456' }),
    ).rejects.toThrow('No SMTP server is configured (SMTP_URL)');
    await expect(
      delivery.send({ channel: 'sms', to: '+15551234567', projectId: null, text: 'Your code is 135790' }),
    ).rejects.toThrow('No SMS provider is configured (TWILIO_*) for sms');
    expect(await listOutbox(handle.db, { to: null, limit: 10 })).toEqual([]);
  });

  it('refuses line breaks in recipient or subject (no header injection)', async () => {
    const delivery = createDelivery({ config: config(), db: handle.db, log: silentLog });
    await expect(
      delivery.send({ channel: 'email', to: 'a@example.com\r\nBcc: b@evil.com', projectId: null, text: 'x' }),
    ).rejects.toThrow(/line breaks/);
    await expect(
      delivery.send({
        channel: 'email',
        to: 'a@example.com',
        projectId: null,
        subject: 'hi\nBcc: x',
        text: 'x',
      }),
    ).rejects.toThrow(/line breaks/);
    expect(await listOutbox(handle.db, { to: null, limit: 10 })).toEqual([]);
  });
});
