// Issue 25 item 2 "SSRF refusals in production mode for private and loopback addresses, including a name that
// resolves to one": the address classes, and the URL check with an injected resolver (no DNS server needed) and
// with the system's (localhost).
import { describe, expect, it } from 'vitest';
import {
  forbiddenRange,
  type HostResolver,
  resolveDeliveryTarget,
  systemResolver,
  WebhookUrlRefused,
} from './address-guard';

const resolverOf =
  (table: Record<string, string[]>): HostResolver =>
  async (hostname) => {
    const found = table[hostname];
    if (found === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const resolve = resolverOf({
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.215.14', '192.168.1.10'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
});

describe('forbiddenRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private (unique local)'],
    ['fd12:3456::1', 'private (unique local)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['not-an-address', 'not an IP address'],
  ])('%s is %s', (address, kind) => {
    expect(forbiddenRange(address)).toBe(kind);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(forbiddenRange(address)).toBeNull();
  });
});

describe('resolveDeliveryTarget in production', () => {
  const production = { production: true, resolve };
  const refusal = async (url: string, options = production): Promise<string> => {
    const error = await resolveDeliveryTarget(url, options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookUrlRefused);
    return (error as Error).message;
  };

  it('refuses http, loopback, private, link-local and IPv6 loopback literals', async () => {
    expect(await refusal('http://hooks.example.com/in')).toBe('must be an https URL in production');
    expect(await refusal('https://127.0.0.1/in')).toBe('address 127.0.0.1 is loopback');
    expect(await refusal('https://10.0.0.1/in')).toBe('address 10.0.0.1 is private');
    expect(await refusal('https://169.254.169.254/latest/meta-data')).toBe(
      'address 169.254.169.254 is link-local',
    );
    expect(await refusal('https://[::1]:8443/in')).toBe('address ::1 is loopback');
    expect(await refusal('https://[::ffff:127.0.0.1]/in')).toBe('address ::ffff:7f00:1 is loopback');
    // The WHATWG parser turns these spellings of 127.0.0.1 into the dotted form before any check.
    expect(await refusal('https://2130706433/in')).toBe('address 127.0.0.1 is loopback');
    expect(await refusal('https://0x7f.1/in')).toBe('address 127.0.0.1 is loopback');
  });

  it('refuses a name that resolves to a private, link-local or mapped loopback address, or to one among several', async () => {
    expect(await refusal('https://internal.example.com/in')).toBe(
      'host internal.example.com resolves to 10.1.2.3, which is private',
    );
    expect(await refusal('https://metadata.example.com/in')).toBe(
      'host metadata.example.com resolves to 169.254.169.254, which is link-local',
    );
    expect(await refusal('https://mapped.example.com/in')).toBe(
      'host mapped.example.com resolves to ::ffff:127.0.0.1, which is loopback',
    );
    expect(await refusal('https://mixed.example.com/in')).toBe(
      'host mixed.example.com resolves to 192.168.1.10, which is private',
    );
    expect(await refusal('https://unknown.example.com/in')).toBe(
      'host unknown.example.com does not resolve (ENOTFOUND)',
    );
  });

  it('refuses localhost through the system resolver', async () => {
    const message = await refusal('https://localhost:8443/in', { production: true, resolve: systemResolver });
    expect(message).toMatch(/^host localhost resolves to (127\.0\.0\.1|::1), which is loopback$/);
  });

  it('pins a public name to the address it checked', async () => {
    const target = await resolveDeliveryTarget('https://hooks.example.com/in', production);
    expect(target).toMatchObject({ address: '93.184.215.14', family: 4 });
    expect(target.url.href).toBe('https://hooks.example.com/in');
  });

  it('refuses credentials and other schemes', async () => {
    expect(await refusal('https://user:pw@hooks.example.com/in')).toBe('must not carry credentials');
    expect(await refusal('ftp://hooks.example.com/in')).toBe('must be an http(s) URL');
    expect(await refusal('/relative')).toBe('is not an absolute URL');
  });
});

describe('resolveDeliveryTarget outside production', () => {
  it('allows http and loopback (development receivers)', async () => {
    const options = { production: false, resolve: systemResolver };
    expect(await resolveDeliveryTarget('http://127.0.0.1:9999/in', options)).toMatchObject({
      address: '127.0.0.1',
      family: 4,
    });
    expect(await resolveDeliveryTarget('http://[::1]:9999/in', options)).toMatchObject({
      address: '::1',
      family: 6,
    });
    const local = await resolveDeliveryTarget('http://localhost:9999/in', options);
    expect(forbiddenRange(local.address)).toBe('loopback');
  });
});
