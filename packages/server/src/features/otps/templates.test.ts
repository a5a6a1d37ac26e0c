import { describe, expect, it } from 'vitest';
import { extractCodes } from '../../infra/delivery/extract';
import { renderOtpEmail, renderOtpText } from './templates';

describe('passcode messages', () => {
  it('SMS/WhatsApp text names the project, the code and its lifetime', () => {
    expect(renderOtpText({ kind: 'login', projectName: 'Acme', code: '042424', expirationMinutes: 5 })).toBe(
      '042424 is your Acme passcode. It expires in 5 minutes. Do not share it with anyone.',
    );
    expect(
      renderOtpText({ kind: 'login', projectName: 'Acme', code: '042424', expirationMinutes: 1 }),
    ).toContain('expires in 1 minute.');
  });

  it('e-mail has login and signup wording in text and HTML', () => {
    const login = renderOtpEmail({
      kind: 'login',
      projectName: 'Acme',
      code: '123456',
      expirationMinutes: 10,
    });
    expect(login.subject).toBe('Your passcode for Acme');
    expect(login.text).toBe(
      'Enter this passcode to log in to Acme:\n\n123456\n\nThis passcode expires in 10 minutes and works once. If you did not ask for it, you can ignore this e-mail.\n',
    );
    expect(login.html).toContain('>123456</td>');
    const signup = renderOtpEmail({
      kind: 'signup',
      projectName: 'Acme',
      code: '123456',
      expirationMinutes: 5,
    });
    expect(signup.subject).toBe('Your passcode to finish signing up to Acme');
    expect(signup.text).toContain('finish creating your Acme account');
  });

  it('escapes the project name, flattens it to one line and never adds a second 6-digit number', () => {
    const email = renderOtpEmail({
      kind: 'login',
      projectName: '<img src=x onerror=alert(1)>\r\nBcc: {{7*7}} 987654',
      code: '123456',
      expirationMinutes: 5,
    });
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.text).toContain('{{7*7}}');
    expect(extractCodes(email.text)).toEqual(['123456']);
    const text = renderOtpText({
      kind: 'login',
      projectName: 'Shop 987654',
      code: '123456',
      expirationMinutes: 5,
    });
    expect(extractCodes(text)).toEqual(['123456']);
  });
});
