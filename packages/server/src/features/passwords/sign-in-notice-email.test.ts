// BF-01's notice e-mail (sign-in-notice-email.ts): the count, the advice, and the project name escaped and on one
// line (security-tests.md IV-07, as the reset e-mail).
import { describe, expect, it } from 'vitest';
import { renderSignInAfterFailuresEmail } from './sign-in-notice-email';

describe('the sign-in-after-failures notice', () => {
  it('says how many attempts failed, when, and to reset the password if it was not the owner', () => {
    const mail = renderSignInAfterFailuresEmail({
      projectName: 'Acme',
      failedAttempts: 7,
      at: new Date('2030-01-01T12:34:56Z'),
    });
    expect(mail.subject).toBe('New sign-in to your Acme account after 7 failed attempts');
    expect(mail.text).toContain('on 2030-01-01 12:34 UTC, after 7 failed attempts in a row');
    expect(mail.text).toContain('If it was not you, someone may know your password: reset it now');
    expect(mail.html).not.toMatch(/<a\b/);
  });

  it('escapes the project name for HTML and keeps it to one line', () => {
    const mail = renderSignInAfterFailuresEmail({
      projectName: '<b>Evil</b>\r\nBcc: x@example.com',
      failedAttempts: 5,
      at: new Date('2030-01-01T00:00:00Z'),
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<b>Evil</b>');
    expect(mail.html).toContain('&lt;b&gt;Evil&lt;/b&gt;');
  });
});
