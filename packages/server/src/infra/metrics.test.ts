// Issue 9 item 4: the Prometheus implementation of ctx.metrics (features/metrics/metrics.test.ts drives it through
// the app and GET /metrics).
import { PRODUCTS } from '@gatehouse/protocol';
import { register as globalRegistry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from './context';
import { countingSends } from './delivery';
import { createPrometheusMetrics, methodOfProduct, noMetrics } from './metrics';

const message: OutgoingMessage = { channel: 'sms', to: '+14155550100', projectId: null, text: 'code 123456' };

describe('Prometheus metrics', () => {
  it('count into a registry of their own, never the global one', async () => {
    const first = createPrometheusMetrics({ processMetrics: false });
    const second = createPrometheusMetrics({ processMetrics: false });
    first.sent('email');
    first.signedIn('otp');
    first.failed('otp', 'unable_to_auth_otp_code');
    first.limited('otpSendsPerIp', 'ip');
    first.captchaChallenged('/otps/sms/login_or_create');
    const text = await first.registry.metrics();
    expect(text).toContain('gatehouse_messages_sent_total{channel="email"} 1');
    expect(text).toContain('gatehouse_sign_ins_total{method="otp"} 1');
    expect(text).toContain('gatehouse_failures_total{method="otp",error_type="unable_to_auth_otp_code"} 1');
    expect(text).toContain('gatehouse_rate_limited_total{limit="otpSendsPerIp",key_kind="ip"} 1');
    expect(text).toContain('gatehouse_captcha_challenges_total{action="/otps/sms/login_or_create"} 1');
    expect(await second.registry.metrics()).not.toContain('} 1');
    expect(globalRegistry.getSingleMetric('gatehouse_sign_ins_total')).toBeUndefined();
  });

  it('name the method of every product in the vocabulary of session factors', () => {
    expect(PRODUCTS.map(methodOfProduct)).toEqual([
      'oauth',
      'crypto',
      'magic_link',
      'otp',
      'password',
      'webauthn',
    ]);
  });

  it('count a send only once the delivery accepted it', async () => {
    const metrics = createPrometheusMetrics({ processMetrics: false });
    let fail = false;
    const delivery = countingSends(
      {
        send: async () => {
          if (fail) throw new Error('provider refused');
        },
      },
      metrics,
    );
    await delivery.send(message);
    fail = true;
    await expect(delivery.send(message)).rejects.toThrow('provider refused');
    expect(await metrics.registry.metrics()).toContain('gatehouse_messages_sent_total{channel="sms"} 1');
    // Without metrics the delivery is used as it is.
    const plain = { send: async () => {} };
    expect(countingSends(plain, noMetrics)).toBe(plain);
  });
});
