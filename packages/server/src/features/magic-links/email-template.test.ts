import { describe, expect, it } from 'vitest';
import { describeMinutes, renderMagicLinkEmail, singleLine } from './email-template';

const link = 'https://app.example.com/authenticate?stytch_token_type=magic_links&token=abc_DEF-123';

describe('renderMagicLinkEmail', () => {
  it('renders a login mail that names the project and carries the link in text and HTML', () => {
    const mail = renderMagicLinkEmail({
      kind: 'login',
      projectName: 'Acme',
      link,
      expirationMinutes: 30,
      templateId: null,
    });
    expect(mail.subject).toBe('Your login link for Acme');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('log in to Acme');
    expect(mail.text).toContain('expires in 30 minutes');
    // In HTML the & of the query is escaped inside the attribute; a parser turns it back into the same link.
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail.html).toContain('Acme');
  });

  it('renders a signup mail with its own subject and lifetime', () => {
    const mail = renderMagicLinkEmail({
      kind: 'signup',
      projectName: 'Acme',
      link,
      expirationMinutes: 10_080,
      templateId: 'custom_template',
    });
    expect(mail.subject).toBe('Finish signing up to Acme');
    expect(mail.text).toContain('expires in 7 days');
    expect(mail.html).toContain('Finish signing up');
  });

  it('describes lifetimes in the largest whole unit', () => {
    expect(describeMinutes(5)).toBe('5 minutes');
    expect(describeMinutes(60)).toBe('1 hour');
    expect(describeMinutes(90)).toBe('90 minutes');
    expect(describeMinutes(1440)).toBe('1 day');
  });

  it('flattens control characters', () => {
    expect(singleLine('a\r\nBcc: b\u0000c   d')).toBe('a Bcc: b c d');
  });
});
