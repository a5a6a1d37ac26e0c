// Issue 21 item 3: DEV_ALLOWED_ORIGINS read strictly, the advice refusals give, and the log line that names a refused
// origin once (infra/dev-origins.ts). The refusals themselves are shown through the app in
// cross-origin-development.test.ts.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createOriginRefusalNotice,
  isPlainOrigin,
  originNotAllowedMessage,
  parseDevAllowedOrigins,
  redirectUrlAdvice,
} from './dev-origins';

describe('parseDevAllowedOrigins', () => {
  it('reads origins separated by commas, spaces or both, dropping repeats', () => {
    expect(parseDevAllowedOrigins('http://localhost:5173,http://127.0.0.1:3001')).toEqual({
      value: ['http://localhost:5173', 'http://127.0.0.1:3001'],
    });
    expect(
      parseDevAllowedOrigins(
        ' http://localhost:5173 ,\n https://app.test  http://[::1]:8080,http://localhost:5173,',
      ),
    ).toEqual({ value: ['http://localhost:5173', 'https://app.test', 'http://[::1]:8080'] });
    expect(parseDevAllowedOrigins(' , ')).toEqual({ value: [] });
  });

  it.each([
    ['http://localhost:5173/app', 'has a path ("/app")'],
    ['http://localhost:5173/', 'ends with a slash'],
    ['http://localhost:5173?x=1', 'has a query'],
    ['http://localhost:5173/?', 'has a query'],
    ['http://localhost:5173#top', 'has a fragment'],
    ['http://*.localhost:5173', 'has a wildcard'],
    ['*', 'has a wildcard'],
    ['localhost:5173', 'has scheme "localhost:"'],
    ['5173', 'is not a URL'],
    ['null', 'is not a URL'],
    ['ftp://files.test', 'has scheme "ftp:"'],
    ['http://user:pass@localhost:5173', 'has credentials'],
    ['http://LOCALHOST:5173', 'write it as http://localhost:5173'],
    ['http://localhost:80', 'write it as http://localhost'],
    ['https://app.test:443', 'write it as https://app.test'],
  ])('refuses %j, naming it: %s', (entry, problem) => {
    const parsed = parseDevAllowedOrigins(`http://localhost:5173,${entry}`);
    expect('problem' in parsed).toBe(true);
    const text = (parsed as { problem: string }).problem;
    expect(text).toContain(`"${entry}"`);
    expect(text).toContain(problem);
    // The message says what is allowed, with an example.
    expect(text).toContain('allowed: http(s) origins');
    expect(text).toContain('http://localhost:5173,http://127.0.0.1:3001');
  });
});

describe('originNotAllowedMessage', () => {
  const origin = 'http://localhost:5173';

  it('for the development project: names the origin, DEV_ALLOWED_ORIGINS with it, and the project file entry', () => {
    const message = originNotAllowedMessage(origin, 'development-project', { production: false });
    expect(message).toBe(
      'The origin http://localhost:5173 is not allowed for this project. Add it to the project\'s allowed origins: in development, start the server with DEV_ALLOWED_ORIGINS=http://localhost:5173 (several separated by commas), or list it in allowed_origins of the project file\'s "Development" entry.',
    );
  });

  it('for another project: the project file only (DEV_ALLOWED_ORIGINS extends the development project alone)', () => {
    for (const production of [false, true]) {
      const message = originNotAllowedMessage(origin, 'project', { production });
      expect(message).toContain('The origin http://localhost:5173 is not allowed for this project.');
      expect(message).toContain('allowed_origins');
      expect(message).toContain('PROJECT_FILE');
      expect(message).not.toContain('DEV_ALLOWED_ORIGINS');
    }
  });

  it('for a preflight: DEV_ALLOWED_ORIGINS outside production only', () => {
    const development = originNotAllowedMessage(origin, 'any-project', { production: false });
    expect(development).toContain('The origin http://localhost:5173 is not allowed by any project.');
    expect(development).toContain('DEV_ALLOWED_ORIGINS=http://localhost:5173');
    const production = originNotAllowedMessage(origin, 'any-project', { production: true });
    expect(production).toContain('The origin http://localhost:5173 is not allowed by any project.');
    expect(production).toContain('allowed_origins of the project in the project file (PROJECT_FILE)');
    expect(production).not.toContain('DEV_ALLOWED_ORIGINS');
  });

  it('quotes an origin that could never be allowed, and suggests no setting for it', () => {
    for (const bad of ['null', 'http://localhost:5173/path', `http://${'a'.repeat(400)}.test`]) {
      const message = originNotAllowedMessage(bad, 'development-project', { production: false });
      expect(message).toContain(`The origin ${JSON.stringify(bad.slice(0, 200))} is not allowed`);
      expect(message).toContain('Only http(s) origins (scheme, host and port) can be allowed');
      expect(message).not.toContain('DEV_ALLOWED_ORIGINS');
    }
    expect(isPlainOrigin('http://localhost:5173')).toBe(true);
    expect(isPlainOrigin('null')).toBe(false);
  });
});

describe('redirectUrlAdvice', () => {
  const url = new URL('http://localhost:5174/authenticate');

  it('points the development project at DEV_ALLOWED_ORIGINS with the URL’s origin, others at the project file', () => {
    expect(redirectUrlAdvice(url, { developmentProject: true })).toContain(
      'DEV_ALLOWED_ORIGINS=http://localhost:5174 (every path on that origin is then allowed for the development project)',
    );
    const other = redirectUrlAdvice(url, { developmentProject: false });
    expect(other).toContain('allowed_redirect_urls');
    expect(other).not.toContain('DEV_ALLOWED_ORIGINS');
  });
});

describe('createOriginRefusalNotice', () => {
  function recordingLog(): FastifyBaseLogger & { lines: string[] } {
    const lines: string[] = [];
    return {
      lines,
      warn: (_fields: unknown, message: string) => lines.push(message),
    } as unknown as FastifyBaseLogger & {
      lines: string[];
    };
  }

  it('names each refused origin once outside production, and remembers at most 100 of them', () => {
    const log = recordingLog();
    const notice = createOriginRefusalNotice({ production: false, log });
    notice('http://localhost:5173', 'the message');
    notice('http://localhost:5173', 'the message');
    expect(log.lines).toEqual(['Refused a call from another origin: the message']);
    for (let port = 1; port <= 200; port += 1) notice(`http://localhost:${port}`, 'm');
    expect(log.lines).toHaveLength(100);
  });

  it('logs nothing in production', () => {
    const log = recordingLog();
    createOriginRefusalNotice({ production: true, log })('https://evil.test', 'm');
    expect(log.lines).toEqual([]);
  });
});
