// Issue 25 item 2 "signature verified with the spec's own test vectors": the vector of the Standard Webhooks
// reference libraries (libraries/javascript/src/webhook.test.ts "sign function works"), and the receiver's check.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders, webhookSecretKey } from './signature';

const SPEC_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SPEC_MESSAGE = {
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
};
const SPEC_SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

describe('Standard Webhooks signatures', () => {
  it("signs the specification's vector to its published signature", () => {
    const key = webhookSecretKey(SPEC_SECRET);
    expect(key).not.toBeNull();
    expect(signWebhook(key!, SPEC_MESSAGE)).toBe(SPEC_SIGNATURE);
    expect(webhookHeaders(key!, SPEC_MESSAGE)).toEqual({
      'content-type': 'application/json',
      'webhook-id': SPEC_MESSAGE.id,
      'webhook-timestamp': '1614265330',
      'webhook-signature': SPEC_SIGNATURE,
    });
  });

  it("the receiver's check accepts the vector, among other signatures, and refuses any change", () => {
    const headers = { id: SPEC_MESSAGE.id, timestamp: '1614265330', signature: SPEC_SIGNATURE };
    const check = (overrides: Partial<typeof headers>, body = SPEC_MESSAGE.body, now = 1614265330) =>
      verifyWebhook({ secret: SPEC_SECRET, headers: { ...headers, ...overrides }, body, nowSeconds: now });
    expect(check({})).toBe(true);
    expect(
      check({ signature: `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,abc ${SPEC_SIGNATURE}` }),
    ).toBe(true);
    expect(check({}, '{"test": 2432232315}')).toBe(false);
    expect(check({ id: 'msg_other' })).toBe(false);
    expect(check({ timestamp: '1614265331' })).toBe(false);
    expect(check({ signature: 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=' })).toBe(false);
    expect(check({ signature: 'v1,' })).toBe(false);
    expect(check({ signature: SPEC_SIGNATURE.replace('v1,', 'v2,') })).toBe(false);
    expect(check({ timestamp: undefined })).toBe(false);
    // Outside the five-minute tolerance, either way.
    expect(check({}, SPEC_MESSAGE.body, 1614265330 + 301)).toBe(false);
    expect(check({}, SPEC_MESSAGE.body, 1614265330 - 301)).toBe(false);
  });

  it('generated secrets are whsec_ + base64 of 32 bytes, and malformed ones are refused', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookSecretKey(secret)?.length).toBe(32);
    expect(webhookSecretKey('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBeNull();
    expect(webhookSecretKey('whsec_')).toBeNull();
    expect(webhookSecretKey('whsec_not base64!')).toBeNull();
    expect(webhookSecretKey(`whsec_${Buffer.alloc(16).toString('base64')}`)).toBeNull();
    expect(webhookSecretKey(`whsec_${Buffer.alloc(65).toString('base64')}`)).toBeNull();
  });

  it('the signature is HMAC-SHA256 over id.timestamp.body with the decoded key (not the text of the secret)', () => {
    const key = webhookSecretKey(SPEC_SECRET)!;
    const mac = createHmac('sha256', Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'))
      .update('msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}')
      .digest('base64');
    expect(signWebhook(key, SPEC_MESSAGE)).toBe(`v1,${mac}`);
  });
});
