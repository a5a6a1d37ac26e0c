// The security notices' texts (templates.ts, security-tests.md SS-09): every event says what happened, when, from
// which device and IP and what to do; user-chosen text is escaped, kept to one line and cannot forge a paragraph;
// nothing is a link.
import { describe, expect, it } from 'vitest';
import type { SecurityNoticeEvent } from './events';
import { describeTime, quotable, renderSecurityNotice } from './templates';

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FACTS = {
  projectName: 'Acme',
  at: new Date('2030-01-01T09:05:42.000Z'),
  userAgent: CHROME_ON_LINUX,
  ip: '198.51.100.23',
};

const EVENTS: ReadonlyArray<readonly [SecurityNoticeEvent, string, string]> = [
  [
    { kind: 'password_set' },
    'A password was set on your Acme account',
    'A password was set on your Acme account.',
  ],
  [
    { kind: 'password_changed' },
    'Your Acme password was changed',
    'The password of your Acme account was changed.',
  ],
  [
    { kind: 'passkey_added', name: 'YubiKey 5' },
    'A passkey was added to your Acme account',
    'A passkey named “YubiKey 5” was added to your Acme account.',
  ],
  [
    { kind: 'passkey_removed', name: 'Chrome on Mac' },
    'A passkey was removed from your Acme account',
    'The passkey named “Chrome on Mac” was removed from your Acme account.',
  ],
  [
    { kind: 'totp_added' },
    'An authenticator app was added to your Acme account',
    'An authenticator app was set up for two-step verification on your Acme account.',
  ],
  [
    { kind: 'totp_removed' },
    'An authenticator app was removed from your Acme account',
    'The authenticator app was removed from your Acme account.',
  ],
  [
    { kind: 'email_added', email: 'new@example.com' },
    'An e-mail address was added to your Acme account',
    'The e-mail address new@example.com was added to your Acme account.',
  ],
  [
    { kind: 'phone_number_added', phoneNumber: '+14155550123' },
    'A phone number was added to your Acme account',
    'The phone number +14155550123 was added to your Acme account.',
  ],
  [
    { kind: 'recovery_code_used', remaining: 9 },
    'A recovery code was used to sign in to your Acme account',
    'Someone signed in to your Acme account with one of its recovery codes. 9 recovery codes are left.',
  ],
  [
    { kind: 'password_locked', failures: 100 },
    'Password sign-in to your Acme account is locked',
    'Your Acme password can no longer be used to sign in: it was entered wrongly 100 times in a row.',
  ],
  [
    { kind: 'totp_locked', failures: 100 },
    'Authenticator codes are locked on your Acme account',
    'Codes from your authenticator app can no longer be used to sign in to your Acme account: 100 wrong codes were entered in a row.',
  ],
];

describe('security notice texts', () => {
  it.each(EVENTS)(
    'SS-09: %o says what happened, when, from where, and what to do',
    (event, subject, happened) => {
      const { email, sms } = renderSecurityNotice(event, FACTS);
      expect(email.subject).toBe(subject);
      for (const part of [email.text, email.html]) {
        expect(part).toContain(happened);
        expect(part).toContain('Tuesday, 1 January 2030, 09:05 UTC');
        expect(part).toContain('Chrome on Linux');
        expect(part).toContain('198.51.100.23');
        expect(part).toContain('contact Acme');
      }
      expect(email.text).toMatch(/If (it was not you|these attempts were not you)/);
      // No link of any kind: nothing to click, nothing that signs in.
      expect(email.html).not.toMatch(/<a\b|href=|https?:/i);
      expect(email.text).not.toMatch(/https?:|www\./i);
      expect(sms).not.toMatch(/[\r\n]|https?:/);
      expect(sms).toMatch(/^Acme: .+ on 1 Jan 2030 09:05 UTC \(Chrome on Linux, IP 198\.51\.100\.23\)\. .+$/);
      expect(sms.length).toBeLessThanOrEqual(200);
    },
  );

  it('SS-09: the password notices say to reset the password; the TOTP lock says to use a recovery code', () => {
    expect(renderSecurityNotice({ kind: 'password_changed' }, FACTS).email.text).toContain('Reset it now');
    expect(renderSecurityNotice({ kind: 'password_locked', failures: 100 }, FACTS).email.text).toContain(
      'reset it with “Forgot password?”',
    );
    expect(renderSecurityNotice({ kind: 'password_locked', failures: 100 }, FACTS).sms).toContain(
      'Reset your password',
    );
    expect(renderSecurityNotice({ kind: 'totp_locked', failures: 100 }, FACTS).email.text).toContain(
      'use one of your recovery codes',
    );
    expect(renderSecurityNotice({ kind: 'totp_locked', failures: 100 }, FACTS).sms).toContain(
      'Use a recovery code',
    );
  });

  it('BF-06: a used recovery code says how many remain, and to get new ones when none is left', () => {
    expect(renderSecurityNotice({ kind: 'recovery_code_used', remaining: 1 }, FACTS).email.text).toContain(
      '1 recovery code is left.',
    );
    const last = renderSecurityNotice({ kind: 'recovery_code_used', remaining: 0 }, FACTS);
    expect(last.email.text).toContain('0 recovery codes are left.');
    expect(last.email.text).toContain('set up your authenticator app again to get new recovery codes');
    expect(last.sms).toContain('(0 left)');
  });

  it('SS-09: a hostile passkey name is escaped for HTML, kept to one line and cannot forge a paragraph', () => {
    const name =
      '<img src=x onerror=alert(1)>\r\n\r\nIf it was not you: visit https://evil.test\u202Egnp.exe';
    const { email, sms } = renderSecurityNotice({ kind: 'passkey_added', name }, FACTS);
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The name stays inside its sentence: no CR/LF of its own, so no line of the text starts with the injected words.
    expect(email.text).not.toContain('\r');
    expect(email.text.split('\n').some((line) => line.startsWith('If it was not you: visit'))).toBe(false);
    expect(email.text).not.toContain('\u202E');
    expect(email.subject).toBe('A passkey was added to your Acme account');
    // The SMS carries no user-chosen text at all.
    expect(sms).not.toContain('evil');
    expect(sms).not.toContain('img');
  });

  it('SS-09: a project name with CR/LF and markup stays one escaped line in the subject and body', () => {
    const { email, sms } = renderSecurityNotice(
      { kind: 'password_changed' },
      { ...FACTS, projectName: 'Evil\r\nBcc: attacker@evil.test <b>bold</b>' },
    );
    expect(email.subject).toBe('Your Evil Bcc: attacker@evil.test <b>bold</b> password was changed');
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.html).not.toContain('<b>bold</b>');
    expect(email.html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(sms).not.toMatch(/[\r\n]/);
  });

  it('SS-09: an unrecognised device is said to be unknown, never quoted from the User-Agent', () => {
    const { email } = renderSecurityNotice(
      { kind: 'password_changed' },
      { ...FACTS, userAgent: 'Your account is safe, ignore this e-mail/1.0 (x' },
    );
    expect(email.text).toContain('Device: Unknown device');
    expect(email.text).not.toContain('ignore this');
  });

  it('quotable cuts long names and strips invisible formatting; describeTime is UTC whatever the zone', () => {
    expect(quotable('a'.repeat(100), 64)).toBe(`${'a'.repeat(63)}…`);
    expect(quotable('Chr\u200Bome\u202E', 64)).toBe('Chrome');
    expect(describeTime(new Date('2031-12-31T23:59:59.999Z'))).toBe('Wednesday, 31 December 2031, 23:59 UTC');
  });
});
