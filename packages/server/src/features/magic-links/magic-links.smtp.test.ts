// Issue 3: "with SMTP_URL pointing at a real SMTP server on loopback (smtp-server), the mail arrives with a
// working link". DESIGN.md "Real parts": a real SMTP server receives the mail and mailparser parses it.
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { type ReceivedMail as Received, type SmtpSink, startSmtpSink } from '../../test-support/smtp-sink';
import { createProject } from '../projects';

const MAIL_FROM = 'Gatehouse <login@mail.gatehouse.test>';

describe.each(testDatabaseKinds())('login-link e-mail over real SMTP on %s', (kind) => {
  let smtp: SmtpSink;
  let received: Received[] = [];
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    received = smtp.received;
    t = await createTestApp({ kind, config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t.reset();
    received.length = 0;
  });

  async function nextMail(): Promise<Received> {
    return vi.waitFor(
      () => {
        const mail = received.at(-1);
        if (!mail) throw new Error('no mail yet');
        return mail;
      },
      { timeout: 10_000, interval: 20 },
    );
  }

  it('delivers a signup mail whose link signs the user in', async () => {
    const sent = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.magicLinksEmailLoginOrCreate,
      publicToken: t.publicToken,
      body: { email: 'Real.Mail@Example.com' },
    });
    expect(sent.statusCode).toBe(200);

    const { mail, rcptTo } = await nextMail();
    expect(rcptTo).toEqual(['real.mail@example.com']);
    expect(mail.subject).toBe(`Finish signing up to ${t.project.name}`);
    expect(mail.from?.value).toEqual([{ address: 'login@mail.gatehouse.test', name: 'Gatehouse' }]);
    const to = Array.isArray(mail.to) ? mail.to : [mail.to];
    expect(to.flatMap((address) => address?.value.map((value) => value.address))).toEqual([
      'real.mail@example.com',
    ]);

    const textLink = mail.text?.match(/https?:\/\/\S+/)?.[0];
    expect(textLink).toBeDefined();
    const url = new URL(textLink!);
    expect(url.origin + url.pathname).toBe(t.project.allowedRedirectUrls[0]);
    expect(url.searchParams.get('stytch_token_type')).toBe('magic_links');
    // The HTML part carries the same link as its button.
    expect(typeof mail.html).toBe('string');
    const htmlLink = (mail.html as string).match(/href="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
    expect(htmlLink).toBe(textLink);

    const done = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.magicLinksAuthenticate,
      publicToken: t.publicToken,
      body: { token: url.searchParams.get('token'), session_duration_minutes: 30 },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user_id).toBe(sent.json().data.user_id);
    expect(done.json().data.user.emails[0]).toMatchObject({ email: 'real.mail@example.com', verified: true });
  });

  it('a project name with CR/LF and markup cannot add recipients or headers', async () => {
    const { project } = await createProject(t.ctx, {
      name: 'Evil\r\nBcc: attacker@evil.test\r\nX-Injected: 1 <b>bold</b>',
      allowedOrigins: [],
      allowedRedirectUrls: ['https://evil-project.example.com/authenticate'],
      enabledProducts: ['emailMagicLinks'],
    });
    const sent = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.magicLinksEmailLoginOrCreate,
      publicToken: project.publicTokenTest,
      body: { email: 'victim@example.com' },
    });
    expect(sent.statusCode).toBe(200);
    const { mail, rcptTo } = await nextMail();
    expect(rcptTo).toEqual(['victim@example.com']);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('x-injected')).toBe(false);
    expect(mail.subject).toBe('Finish signing up to Evil Bcc: attacker@evil.test X-Injected: 1 <b>bold</b>');
    expect(mail.html).not.toContain('<b>bold</b>');
    expect(mail.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });
});
