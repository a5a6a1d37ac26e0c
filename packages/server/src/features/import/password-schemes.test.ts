// Issue 14 item 3: every imported scheme against published vectors where they exist, a wrong password refused, a
// malformed PHC string refused, and the work bounds that keep a crafted import from stalling sign-in.
import { hash as argon2Hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { bcryptHash } from './fixtures/bcrypt';
import {
  checkPasswordHash,
  decodeB64,
  encodeB64,
  firebaseScryptHash,
  PASSWORD_HASH_LIMITS,
  parsePasswordHash,
  phc,
  saltedShaHash,
  verifyLegacyPassword,
} from './password-schemes';

const hex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const base64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

async function expectVerifies(stored: string, password: string, wrong = `${password}!`) {
  expect(parsePasswordHash(stored), stored).not.toBeNull();
  expect(await verifyLegacyPassword(stored, password)).toBe(true);
  expect(await verifyLegacyPassword(stored, wrong)).toBe(false);
}

describe('bcrypt ($2a/$2b/$2y)', () => {
  it('verifies the OpenBSD vector ("U*U", $2a$05$) and Auth0\'s documented "hello" ($2b$10$)', async () => {
    await expectVerifies('$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW', 'U*U');
    await expectVerifies('$2b$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K', 'hello');
  });

  it('verifies $2y$ (PHP writes the same algorithm under another prefix)', async () => {
    await expectVerifies('$2y$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K', 'hello');
  });

  it('refuses cost 17 and above as unsupported, and a truncated hash as malformed', async () => {
    const high = '$2b$17$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K';
    expect(checkPasswordHash(high)).toMatchObject({ ok: false, problem: 'unsupported' });
    expect(await verifyLegacyPassword(high, 'hello')).toBe(false);
    expect(checkPasswordHash('$2b$16$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K').ok).toBe(true);
    expect(checkPasswordHash('$2b$10$nFguVi9LsCAcvTZFKQlRKe')).toMatchObject({
      ok: false,
      problem: 'malformed',
    });
    expect(checkPasswordHash('$2x$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K').ok).toBe(false);
  });

  it('runs off the event loop: a 5 ms timer keeps firing during a cost-12 verify (~0.3 s here)', async () => {
    const stored = await bcryptHash('Tumbling-Kettle-Orbit-4471', { cost: 12 });
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const started = performance.now();
    const valid = await verifyLegacyPassword(stored, 'Tumbling-Kettle-Orbit-4471');
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(valid).toBe(true);
    // Blocking the loop would leave ticks at 0; allow for a loaded machine.
    expect(ticks).toBeGreaterThanOrEqual(Math.min(5, Math.floor(elapsed / 20)));
  });
});

describe('argon2 (i, d, id)', () => {
  it('verifies the reference implementation\'s README vector (argon2i, "password", salt "somesalt")', async () => {
    await expectVerifies(
      '$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
      'password',
    );
  });

  it('verifies argon2d and argon2id hashes', async () => {
    const salt = new Uint8Array(16).fill(7);
    // 0 = Argon2d, 2 = Argon2id (@node-rs/argon2's const enum values).
    for (const algorithm of [0, 2] as const) {
      const stored = await argon2Hash('correct horse', { algorithm, memoryCost: 1024, timeCost: 1, salt });
      expect(stored.startsWith(algorithm === 0 ? '$argon2d$' : '$argon2id$')).toBe(true);
      await expectVerifies(stored, 'correct horse');
    }
  });

  it('refuses memory above 256 MiB, keyid/data parameters and bad B64', () => {
    expect(
      checkPasswordHash('$argon2id$v=19$m=524288,t=2,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG'),
    ).toMatchObject({ ok: false, problem: 'unsupported' });
    expect(checkPasswordHash('$argon2id$v=19$m=65536,t=2,p=1,keyid=x$c29tZXNhbHQ$RdescudvJCsgt3ub').ok).toBe(
      false,
    );
    expect(checkPasswordHash('$argon2id$v=19$m=65536,t=2,p=1$c29t*ZXNhbHQ$RdescudvJCsgt3ub').ok).toBe(false);
    expect(checkPasswordHash('$argon2id$v=18$m=65536,t=2,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub').ok).toBe(false);
  });
});

describe('scrypt', () => {
  it('verifies RFC 7914 §12 ("password", "NaCl", N=1024, r=8, p=16, 64 bytes)', async () => {
    const stored = phc.scrypt({
      logN: 10,
      r: 8,
      p: 16,
      salt: utf8('NaCl'),
      hash: hex(
        'fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640',
      ),
    });
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=16\$TmFDbA\$/);
    await expectVerifies(stored, 'password');
  });

  it('refuses N above 2^20 and more than 256 MiB of memory', () => {
    const salt = utf8('salt');
    const hash = new Uint8Array(32);
    expect(checkPasswordHash(phc.scrypt({ logN: 21, r: 1, p: 1, salt, hash }))).toMatchObject({
      problem: 'unsupported',
    });
    // 2^20 · 8 · 128 bytes = 1 GiB.
    expect(checkPasswordHash(phc.scrypt({ logN: 20, r: 8, p: 1, salt, hash }))).toMatchObject({
      problem: 'unsupported',
    });
    expect(checkPasswordHash(phc.scrypt({ logN: 20, r: 1, p: 1, salt, hash })).ok).toBe(true);
    expect(checkPasswordHash('$scrypt$ln=10,r=8$TmFDbA$AAAA').ok).toBe(false);
  });
});

describe('firebase-scrypt', () => {
  // github.com/firebase/scrypt README: the published sample project and account.
  const sample = {
    memCost: 14,
    rounds: 8,
    signerKey: base64(
      'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
    ),
    saltSeparator: base64('Bw=='),
    salt: base64('42xEC+ixf3L2lw=='),
  };
  const expected = 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==';

  it('derives the README\'s expected hash for "user1password"', async () => {
    expect(Buffer.from(await firebaseScryptHash('user1password', sample)).toString('base64')).toBe(expected);
  });

  it('verifies it through the PHC string and refuses another password', async () => {
    const stored = phc.firebaseScrypt({ ...sample, hash: base64(expected) });
    expect(stored.startsWith('$firebase-scrypt$ln=14,r=8,p=1,ss=Bw,sk=jxspr8Ki0')).toBe(true);
    await expectVerifies(stored, 'user1password');
  });

  it("refuses a hash whose length is not the signer key's", () => {
    const stored = phc.firebaseScrypt({ ...sample, hash: base64(expected).subarray(0, 32) });
    expect(checkPasswordHash(stored)).toMatchObject({ ok: false, problem: 'malformed' });
  });
});

describe('pbkdf2 (sha1, sha256, sha512)', () => {
  it('verifies RFC 6070 (SHA-1, "password", "salt", c=4096)', async () => {
    const stored = phc.pbkdf2({
      digest: 'sha1',
      iterations: 4096,
      salt: utf8('salt'),
      hash: hex('4b007901b765489abead49d926f721d065a429c1'),
    });
    expect(stored).toBe('$pbkdf2-sha1$i=4096,l=20$c2FsdA$SwB5AbdlSJq+rUnZJvch0GWkKcE');
    await expectVerifies(stored, 'password');
  });

  it('verifies RFC 7914 §11 (SHA-256, "passwd", "salt", c=1, 64 bytes)', async () => {
    const stored = phc.pbkdf2({
      digest: 'sha256',
      iterations: 1,
      salt: utf8('salt'),
      hash: hex(
        '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783',
      ),
    });
    await expectVerifies(stored, 'passwd');
  });

  it('verifies the common SHA-512 vector ("password", "salt", c=1, 64 bytes)', async () => {
    const stored = phc.pbkdf2({
      digest: 'sha512',
      iterations: 1,
      salt: utf8('salt'),
      hash: hex(
        '867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce',
      ),
    });
    await expectVerifies(stored, 'password');
  });

  it('refuses more than 10M iterations of work, l that disagrees with the hash, and unknown digests', () => {
    const hash = new Uint8Array(32);
    const salt = utf8('salt');
    expect(
      checkPasswordHash(phc.pbkdf2({ digest: 'sha256', iterations: 10_000_001, salt, hash })),
    ).toMatchObject({
      problem: 'unsupported',
    });
    expect(checkPasswordHash(phc.pbkdf2({ digest: 'sha256', iterations: 10_000_000, salt, hash })).ok).toBe(
      true,
    );
    // 64 bytes of SHA-1 are 4 blocks: 4 × 3M iterations is over the bound.
    expect(
      checkPasswordHash(
        phc.pbkdf2({ digest: 'sha1', iterations: 3_000_000, salt, hash: new Uint8Array(64) }),
      ),
    ).toMatchObject({ problem: 'unsupported' });
    expect(
      checkPasswordHash('$pbkdf2-sha256$i=1000,l=16$c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').ok,
    ).toBe(false);
    expect(checkPasswordHash('$pbkdf2-md5$i=1000,l=16$c2FsdA$AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({
      problem: 'unsupported',
    });
  });
});

describe('salted SHA (prefix/suffix)', () => {
  it('hashes salt‖password for prefix and password‖salt for suffix (FIPS 180 "abc" vectors)', async () => {
    const sha256Abc = hex('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(saltedShaHash('bc', { digest: 'sha256', position: 'prefix', salt: utf8('a') })).toEqual(sha256Abc);
    expect(saltedShaHash('ab', { digest: 'sha256', position: 'suffix', salt: utf8('c') })).toEqual(sha256Abc);
    await expectVerifies(
      phc.saltedSha({ digest: 'sha256', position: 'prefix', salt: utf8('a'), hash: sha256Abc }),
      'bc',
    );
    await expectVerifies(
      phc.saltedSha({ digest: 'sha256', position: 'suffix', salt: utf8('c'), hash: sha256Abc }),
      'ab',
    );
    const sha1Abc = hex('a9993e364706816aba3e25717850c26c9cd0d89d');
    await expectVerifies(
      phc.saltedSha({ digest: 'sha1', position: 'suffix', salt: utf8('c'), hash: sha1Abc }),
      'ab',
    );
    const sha512Abc = hex(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
    await expectVerifies(
      phc.saltedSha({ digest: 'sha512', position: 'prefix', salt: utf8('a'), hash: sha512Abc }),
      'bc',
    );
  });

  it('reads an empty salt as plain SHA', async () => {
    const stored = `$salted-sha256$pos=prefix$$${encodeB64(hex('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'))}`;
    await expectVerifies(stored, 'abc');
  });

  it('refuses a hash of the wrong length and an unknown position', () => {
    expect(checkPasswordHash(`$salted-sha256$pos=prefix$YQ$${encodeB64(new Uint8Array(20))}`).ok).toBe(false);
    expect(checkPasswordHash(`$salted-sha1$pos=middle$YQ$${encodeB64(new Uint8Array(20))}`).ok).toBe(false);
  });
});

describe('malformed and unsupported PHC strings', () => {
  it.each([
    '',
    'plain-text-password',
    '$',
    '$scrypt',
    '$scrypt$ln=10,r=8,p=1',
    '$scrypt$ln=10,r=8,p=1$c2FsdA==$AAAA',
    '$scrypt$ln=10,r=8,p=1,x=1$c2FsdA$AAAA',
    '$scrypt$ln=010,r=8,p=1$c2FsdA$AAAA',
    '$scrypt$ln=10,ln=8,p=1$c2FsdA$AAAA',
    '$pbkdf2-sha256$i=-1,l=4$c2FsdA$AAAAAA',
    'x'.repeat(5000),
  ])('refuses %j as malformed, and no password verifies against it', async (stored) => {
    expect(checkPasswordHash(stored)).toMatchObject({ ok: false, problem: 'malformed' });
    expect(parsePasswordHash(stored)).toBeNull();
    expect(await verifyLegacyPassword(stored, 'password')).toBe(false);
  });

  it('names schemes it does not verify (md5, phpass) as unsupported', () => {
    expect(checkPasswordHash('$md5$$c2FsdA')).toMatchObject({ ok: false, problem: 'unsupported' });
    expect(checkPasswordHash('$P$B12345678abcdefghijklmnopqrstuv')).toMatchObject({ ok: false });
  });

  it('reads B64 strictly: no padding, no stray trailing bits', () => {
    expect(decodeB64('c2FsdA')).toEqual(utf8('salt'));
    expect(decodeB64('c2FsdA==')).toBeNull();
    expect(decodeB64('c2FsdB')).toBeNull();
    expect(decodeB64('c2Fsd-')).toBeNull();
  });

  it('keeps its limits where the brief puts them', () => {
    expect(PASSWORD_HASH_LIMITS).toMatchObject({
      bcryptMaxCost: 16,
      scryptMaxLogN: 20,
      pbkdf2MaxWork: 10_000_000,
    });
  });
});
