import { describe, expect, it } from 'vitest';
import { describeError, safeHelpUrl, splitLinks } from './errors';

describe('describeError (SPEC §8)', () => {
  it("prefers the API error's error_message and keeps an allowed error_url", () => {
    expect(
      describeError(
        { error_message: 'Link expired.', error_url: 'https://gatehouse.dev/docs/errors#x', message: 'raw' },
        'fallback',
      ),
    ).toEqual({ message: 'Link expired.', helpUrl: 'https://gatehouse.dev/docs/errors#x' });
    expect(describeError({ error_message: 'x', error_url: 'javascript:alert(1)' }, 'f').helpUrl).toBeNull();
  });

  it('falls back to the plain message, then to the given text', () => {
    expect(describeError(new Error('Offline'), 'f')).toEqual({ message: 'Offline', helpUrl: null });
    expect(describeError({ message: 'Plain' }, 'f').message).toBe('Plain');
    expect(describeError(undefined, 'fallback').message).toBe('fallback');
    expect(describeError({ error_message: '' }, 'fallback').message).toBe('fallback');
  });
});

describe('splitLinks (SPEC §5 clickable help links)', () => {
  it('links allowed URLs and leaves trailing punctuation as text', () => {
    const sameOrigin = `${window.location.origin}/help`;
    expect(splitLinks(`See https://gatehouse.dev/docs/errors?y=1. Then ${sameOrigin}`)).toEqual([
      { kind: 'text', text: 'See ' },
      {
        kind: 'link',
        text: 'https://gatehouse.dev/docs/errors?y=1',
        href: 'https://gatehouse.dev/docs/errors?y=1',
      },
      { kind: 'text', text: '. Then ' },
      { kind: 'link', text: sameOrigin, href: sameOrigin },
    ]);
  });

  it('keeps other URLs and schemes as text', () => {
    const text = 'javascript:alert(1) data:text/html,<b>x</b> https://evil.test/x http://gatehouse.dev/x';
    expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
    expect(safeHelpUrl('/relative')).toBeNull();
    expect(safeHelpUrl('HTTPS://GATEHOUSE.DEV/docs')).toBe('https://gatehouse.dev/docs');
  });

  it('does not let a quote or angle bracket end up inside a link', () => {
    const parts = splitLinks('x https://gatehouse.dev/"onmouseover="alert(1) y');
    expect(parts[1]).toEqual({
      kind: 'link',
      text: 'https://gatehouse.dev/',
      href: 'https://gatehouse.dev/',
    });
  });
});
