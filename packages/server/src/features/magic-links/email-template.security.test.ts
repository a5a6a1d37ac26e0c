// security-tests.md IV-07 and XS-01: project names and addresses are data, never markup, headers or templates.
import { describe, expect, it } from 'vitest';
import { renderMagicLinkEmail } from './email-template';

const link = 'https://app.example.com/cb?stytch_token_type=magic_links&token=t';
const hostile = `Evil"><img src=x onerror=alert(1)><script>alert('x')</script>\r\nBcc: victim@example.com {{7*7}} \${7*7}`;

describe('login-link e-mail with a hostile project name', () => {
  const mail = renderMagicLinkEmail({
    kind: 'login',
    projectName: hostile,
    link,
    expirationMinutes: 30,
    templateId: null,
  });

  it('keeps the subject on one line (no header injection)', () => {
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Bcc: victim@example.com');
  });

  it('escapes every tag and quote in the HTML', () => {
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('"><img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&#39;x&#39;');
  });

  it('does not evaluate template syntax', () => {
    expect(mail.text).toContain('{{7*7}}');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is what must survive.
    expect(mail.text).toContain('${7*7}');
    expect(mail.text).not.toContain('49');
  });

  it('keeps the only anchors pointing at the link', () => {
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual([link.replace('&', '&amp;'), link.replace('&', '&amp;')]);
  });
});
