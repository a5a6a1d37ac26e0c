import { describe, expect, it } from 'vitest';
import { readPublicToken } from './app-client';

function documentWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.setAttribute('name', 'gatehouse-public-token');
    meta.setAttribute('content', content);
    doc.head.append(meta);
  }
  return doc;
}

describe('readPublicToken', () => {
  it('reads the token the server injected', () => {
    expect(readPublicToken(documentWith('public-token-test-abc'))).toBe('public-token-test-abc');
  });

  it('returns null for the unreplaced placeholder, an empty value or no meta tag', () => {
    expect(readPublicToken(documentWith('%GATEHOUSE_PUBLIC_TOKEN%'))).toBeNull();
    expect(readPublicToken(documentWith('  '))).toBeNull();
    expect(readPublicToken(documentWith(null))).toBeNull();
  });
});
