// What operators can count (issue 9 item 4): sends, sign-ins, failures, limits hit and captcha challenges, per
// method. Features and infra report through ctx.metrics; `GET /metrics` (Prometheus text) exposes them when the
// operator enables it. Labels never carry identifiers: only channels, methods, limit names, kinds of key and
// error types.
import type { Product } from '@gatehouse/protocol';
import { Counter, collectDefaultMetrics, Registry } from 'prom-client';
import type { RateLimitName } from './rate-limits';

export type MetricsChannel = 'email' | 'sms' | 'whatsapp';

/** A sign-in method, as the session factor names it (magic_link, otp, webauthn, …). */
export type MetricsMethod = string;

export interface Metrics {
  /** A message handed to a provider (or the dev outbox). */
  sent(channel: MetricsChannel): void;
  /** A session issued or extended by a sign-in method. */
  signedIn(method: MetricsMethod): void;
  /** A call of a sign-in method refused with an API error. */
  failed(method: MetricsMethod, errorType: string): void;
  /** A call refused by a rate limit. */
  limited(limit: RateLimitName, keyKind: string): void;
  /** A call answered 'Captcha required', or a challenge handed out. */
  captchaChallenged(action: string): void;
}

/** Counts nothing: the metrics of an app that does not expose them. */
export const noMetrics: Metrics = {
  sent: () => {},
  signedIn: () => {},
  failed: () => {},
  limited: () => {},
  captchaChallenged: () => {},
};

/** The method label of a route's product (its `config.product`): the factor type its sign-ins produce. */
const METHOD_OF_PRODUCT: Record<Product, MetricsMethod> = {
  emailMagicLinks: 'magic_link',
  otp: 'otp',
  passkeys: 'webauthn',
  passwords: 'password',
  oauth: 'oauth',
  crypto: 'crypto',
};

/** issue 9 item 4: failures are counted per method, read from the route's product (one vocabulary with signedIn). */
export function methodOfProduct(product: Product): MetricsMethod {
  return METHOD_OF_PRODUCT[product];
}

/** Metrics that count into a Prometheus registry of their own (what `GET /metrics` exposes). */
export interface PrometheusMetrics extends Metrics {
  readonly registry: Registry;
}

export interface PrometheusMetricsOptions {
  /** Also the prom-client default metrics (process CPU, memory, event-loop lag, GC) on the same registry. */
  processMetrics: boolean;
}

/**
 * The counters of one app, in a Registry of its own — never prom-client's global default registry (DESIGN.md
 * convention 12): two apps in one process (tests, embedding) keep separate counts.
 */
export function createPrometheusMetrics(options: PrometheusMetricsOptions): PrometheusMetrics {
  const registry = new Registry();
  const registers = [registry];
  const sends = new Counter({
    name: 'gatehouse_messages_sent_total',
    help: 'Messages handed to a provider or the dev outbox (login links, passcodes), by channel.',
    labelNames: ['channel'] as const,
    registers,
  });
  const signIns = new Counter({
    name: 'gatehouse_sign_ins_total',
    help: 'Sessions issued or extended by a sign-in, by method.',
    labelNames: ['method'] as const,
    registers,
  });
  const failures = new Counter({
    name: 'gatehouse_failures_total',
    help: 'Calls of a sign-in method answered with an API error, by method and error_type.',
    labelNames: ['method', 'error_type'] as const,
    registers,
  });
  const limits = new Counter({
    name: 'gatehouse_rate_limited_total',
    help: 'Calls refused by a rate limit, by limit and the kind of key it counts (never the key).',
    labelNames: ['limit', 'key_kind'] as const,
    registers,
  });
  const challenges = new Counter({
    name: 'gatehouse_captcha_challenges_total',
    help: "Calls answered 'Captcha required' or challenges handed out, by action (the /sdk/v1 route).",
    labelNames: ['action'] as const,
    registers,
  });
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    sent: (channel) => sends.inc({ channel }),
    signedIn: (method) => signIns.inc({ method }),
    failed: (method, errorType) => failures.inc({ method, error_type: errorType }),
    limited: (limit, keyKind) => limits.inc({ limit, key_kind: keyKind }),
    captchaChallenged: (action) => challenges.inc({ action }),
  };
}

/** Issue 26 item 3 (System): this instance's counters since it started, summed per label that matters. */
export interface MetricsSummary {
  messages_sent: Record<string, number>;
  sign_ins: number;
  failures: number;
  rate_limited: number;
  captcha_challenges: number;
}

/** The counters of `prometheus` summed (each instance counts its own: a balancer's instances differ). */
export async function summarizeMetrics(prometheus: PrometheusMetrics): Promise<MetricsSummary> {
  const metrics = await prometheus.registry.getMetricsAsJSON();
  const valuesOf = (name: string) => metrics.find((metric) => metric.name === name)?.values ?? [];
  const sum = (name: string) => valuesOf(name).reduce((total, each) => total + each.value, 0);
  const messages: Record<string, number> = {};
  for (const each of valuesOf('gatehouse_messages_sent_total')) {
    const channel = String(each.labels.channel ?? 'unknown');
    messages[channel] = (messages[channel] ?? 0) + each.value;
  }
  return {
    messages_sent: messages,
    sign_ins: sum('gatehouse_sign_ins_total'),
    failures: sum('gatehouse_failures_total'),
    rate_limited: sum('gatehouse_rate_limited_total'),
    captcha_challenges: sum('gatehouse_captcha_challenges_total'),
  };
}
