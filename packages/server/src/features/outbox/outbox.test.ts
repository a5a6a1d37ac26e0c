import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';

describe.each(testDatabaseKinds())('dev outbox routes on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    // No delivery passed: the app's own createDelivery with no SMTP/SMS stores messages in the outbox.
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  async function seed() {
    await t.ctx.delivery.send({
      channel: 'email',
      to: 'Ada@Example.com',
      projectId: t.project.id,
      subject: 'Your <b>login</b> link',
      text: 'Open https://localhost:3000/authenticate?token=abc&x=1 or type 123456.',
      html: '<p onclick="alert(1)">Hi <script>alert(1)</script></p>',
    });
    await t.ctx.delivery.send({
      channel: 'sms',
      to: '+15551234567',
      projectId: t.project.id,
      text: 'Code: 654321',
    });
  }

  it('GET /dev/outbox/messages lists messages newest first and filters by recipient, case-insensitively', async () => {
    await seed();
    const all = await t.app.inject({ method: 'GET', url: '/dev/outbox/messages' });
    expect(all.statusCode).toBe(200);
    const { messages } = all.json();
    expect(messages.map((m: { channel: string }) => m.channel)).toEqual(['sms', 'email']);
    expect(messages[1]).toEqual({
      id: expect.any(String),
      channel: 'email',
      to: 'Ada@Example.com',
      subject: 'Your <b>login</b> link',
      text: 'Open https://localhost:3000/authenticate?token=abc&x=1 or type 123456.',
      html: '<p onclick="alert(1)">Hi <script>alert(1)</script></p>',
      links: ['https://localhost:3000/authenticate?token=abc&x=1'],
      codes: ['123456'],
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const ada = await t.app.inject({ method: 'GET', url: '/dev/outbox/messages?to=ada%40EXAMPLE.com' });
    expect(ada.json().messages).toHaveLength(1);
    const nobody = await t.app.inject({ method: 'GET', url: '/dev/outbox/messages?to=nobody%40example.com' });
    expect(nobody.json()).toEqual({ messages: [] });
  });

  it('GET /dev/outbox renders an accessible page with everything escaped', async () => {
    await seed();
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = response.body;
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Dev outbox</h1>');
    // Issue 22 finding 10: the app's header and the favicon, as on the app's own pages.
    expect(page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page).toContain('<a class="brand" href="/">Gatehouse</a>');
    expect(page).toContain('<time datetime="');
    expect(page).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC<\/time>/);
    expect(page).toContain('<label for="outbox-to">');
    expect(page).toContain('Your &lt;b&gt;login&lt;/b&gt; link');
    expect(page).not.toContain('<b>login</b>');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).not.toContain('<p onclick');
    expect(page).toContain('sandbox=""');
    expect(page).toContain(
      '<a href="https://localhost:3000/authenticate?token=abc&amp;x=1" rel="noreferrer">https://localhost:3000/authenticate?token=abc&amp;x=1</a>',
    );
    expect(page).toContain('data-copy="123456"');
    expect(page).toContain('data-copy="654321"');
    // Newest first.
    expect(page.indexOf('+15551234567')).toBeLessThan(page.indexOf('Ada@Example.com'));
  });

  it('has no inline script: its script and stylesheet are served files the CSP allows (script-src self)', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).body;
    expect(page).toContain('<script src="/dev/outbox/outbox.js" defer></script>');
    expect(page).toContain('<link rel="stylesheet" href="/dev/outbox/outbox.css">');
    expect(page).not.toMatch(/<script>|<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page).not.toContain('<style');
    expect(page).not.toMatch(/\son[a-z]+=/);
    const script = await t.app.inject({ method: 'GET', url: '/dev/outbox/outbox.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain("navigator.clipboard.writeText(button.getAttribute('data-copy'))");
    const stylesheet = await t.app.inject({ method: 'GET', url: '/dev/outbox/outbox.css' });
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(stylesheet.body).toContain('.message {');
  });

  it('escapes an attacker-chosen filter value and refuses bad query strings', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent('"><svg onload=alert(1)>')}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<svg');
    expect(response.body).toContain('&quot;&gt;&lt;svg onload=alert(1)&gt;');
    const bad = await t.app.inject({ method: 'GET', url: '/dev/outbox/messages?limit=abc' });
    expect(bad.statusCode).toBe(400);
  });
});
