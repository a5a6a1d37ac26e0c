// Issue 26 item 3 (Security): the screen's sections, one per question an operator asks — who hit the rate limits, who
// keeps failing to sign in, what the captcha did and how hard it is now, how many breached passwords were refused,
// and what the text messages cost by country against the project's limits. Each says so when its range is empty.
import type { ReactNode } from 'react';
import type { SecurityStats } from '../admin-types';
import { formatDateTime } from '../format';
import { STRINGS } from '../strings';

const S = STRINGS.security;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby={`${id}-heading`} data-testid={id}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="muted" data-state="empty">
      {text}
    </p>
  );
}

function Count({ value }: { value: number }) {
  return <td className="numeric">{value.toLocaleString()}</td>;
}

export function RateLimitSection({ stats }: { stats: SecurityStats }) {
  const { by_rule: byRule, by_rule_and_ip: byRuleAndIp } = stats.rate_limits;
  return (
    <Section id="security-rate-limits" title={S.rateLimitsHeading}>
      {byRule.length === 0 ? (
        <Empty text={S.rateLimitsEmpty} />
      ) : (
        <>
          <table className="table" data-testid="rate-limits-by-rule">
            <caption className="visually-hidden">{S.byRuleCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{S.rule}</th>
                <th scope="col" className="numeric">
                  {S.total}
                </th>
              </tr>
            </thead>
            <tbody>
              {byRule.map((entry) => (
                <tr key={entry.rule}>
                  <th scope="row" className="mono">
                    {entry.rule}
                  </th>
                  <Count value={entry.total} />
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{S.byRuleAndIpHeading}</h3>
          <div className="table-scroll">
            <table className="table" data-testid="rate-limits-by-ip">
              <caption className="visually-hidden">{S.byRuleAndIpCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{S.rule}</th>
                  <th scope="col">{S.ip}</th>
                  <th scope="col" className="numeric">
                    {S.total}
                  </th>
                </tr>
              </thead>
              <tbody>
                {byRuleAndIp.map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in the server's order, and a viewer's masked addresses (203.0.*.*) may repeat.
                  <tr key={`${index} ${entry.rule}`}>
                    <th scope="row" className="mono">
                      {entry.rule}
                    </th>
                    <td className="mono">{entry.ip_address ?? S.unknownIp}</td>
                    <Count value={entry.total} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Section>
  );
}

export function FailingIpsSection({ stats }: { stats: SecurityStats }) {
  return (
    <Section id="security-failing-ips" title={S.failingHeading}>
      {stats.failing_ips.length === 0 ? (
        <Empty text={S.failingEmpty} />
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{S.failingCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{S.ip}</th>
                <th scope="col" className="numeric">
                  {S.failures}
                </th>
                <th scope="col">{S.reasons}</th>
              </tr>
            </thead>
            <tbody>
              {stats.failing_ips.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in the server's order, and a viewer's masked addresses (203.0.*.*) may repeat.
                <tr key={`${index} ${entry.ip_address}`}>
                  <th scope="row" className="mono">
                    {entry.ip_address}
                  </th>
                  <Count value={entry.total} />
                  <td className="mono">
                    {entry.reasons.map((reason) => `${reason.reason} × ${reason.total}`).join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

/** "20,000 hashes at most (step 1 of 5)" for the newest challenge's work. */
function difficultyText(stats: SecurityStats, maxCounter: number | null): string {
  if (maxCounter === null) return S.difficultyNone;
  const steps = stats.captcha.difficulty_steps;
  const step = steps.findIndex((each) => each.max_counter === maxCounter);
  return S.difficultyValue(maxCounter, step === -1 ? steps.length : step + 1, steps.length);
}

export function CaptchaSection({ stats }: { stats: SecurityStats }) {
  const { captcha } = stats;
  const anything = captcha.issued + captcha.solved + captcha.failed + captcha.required > 0;
  return (
    <Section id="security-captcha" title={S.captchaHeading}>
      <p>
        <span className={captcha.enabled ? 'badge badge-success' : 'badge badge-muted'}>
          {captcha.enabled ? S.captchaOn : S.captchaOff}
        </span>
      </p>
      <dl className="facts">
        <dt>{S.difficulty}</dt>
        <dd data-testid="captcha-difficulty">{difficultyText(stats, captcha.latest_max_counter)}</dd>
        <dt>{S.peakDifficulty}</dt>
        <dd>{difficultyText(stats, captcha.peak_max_counter)}</dd>
      </dl>
      <p className="muted small">{S.difficultyHint}</p>
      {!anything ? (
        <Empty text={S.captchaEmpty} />
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="captcha-by-action">
            <caption className="visually-hidden">{S.captchaCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{S.action}</th>
                <th scope="col" className="numeric">
                  {S.issued}
                </th>
                <th scope="col" className="numeric">
                  {S.solved}
                </th>
                <th scope="col" className="numeric">
                  {S.failed}
                </th>
                <th scope="col" className="numeric">
                  {S.required}
                </th>
              </tr>
            </thead>
            <tbody>
              {captcha.by_action.map((entry) => (
                <tr key={entry.action}>
                  <th scope="row" className="mono">
                    {entry.action}
                  </th>
                  <Count value={entry.issued} />
                  <Count value={entry.solved} />
                  <Count value={entry.failed} />
                  <Count value={entry.required} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

export function BreachedSection({ stats }: { stats: SecurityStats }) {
  return (
    <Section id="security-breached" title={S.breachedHeading}>
      <p>{S.breachedBody(stats.breached_passwords.total)}</p>
    </Section>
  );
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' });
  } catch {
    return null;
  }
})();

/** "United Kingdom (GB)", or the code alone where the runtime has no region names. */
function countryName(code: string | null): string {
  if (code === null) return S.unknownCountry;
  const name = regionNames?.of(code);
  return name === undefined || name === code ? code : `${name} (${code})`;
}

export function SmsSection({ stats }: { stats: SecurityStats }) {
  const { sms } = stats;
  return (
    <Section id="security-sms" title={S.smsHeading}>
      <dl className="facts">
        <dt>{S.smsToday}</dt>
        <dd data-testid="sms-today">
          {sms.sent_today === null ? (
            S.smsTodayUnknown
          ) : (
            <>
              <meter min={0} max={sms.daily_limit} value={sms.sent_today} aria-label={S.smsToday} />{' '}
              {S.smsTodayValue(sms.sent_today, sms.daily_limit)}
              <span className="muted small">
                {' '}
                · {S.smsLimitSource[sms.daily_limit_source]}
                {sms.window_ends_at === null ? null : ` · ${S.smsResets(formatDateTime(sms.window_ends_at))}`}
              </span>
            </>
          )}
        </dd>
        <dt>{S.smsAllowed}</dt>
        <dd>
          {sms.allowed_countries === null
            ? S.smsAllowedAll
            : sms.allowed_countries.map((code) => countryName(code)).join(', ')}
        </dd>
      </dl>
      {sms.by_country.length === 0 ? (
        <Empty text={S.smsEmpty} />
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="sms-by-country">
            <caption className="visually-hidden">{S.smsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{S.country}</th>
                <th scope="col" className="numeric">
                  {S.sms}
                </th>
                <th scope="col" className="numeric">
                  {S.whatsapp}
                </th>
                <th scope="col" className="numeric">
                  {S.smsTotal}
                </th>
                <th scope="col">{S.allowedNow}</th>
              </tr>
            </thead>
            <tbody>
              {sms.by_country.map((entry) => (
                <tr key={entry.country ?? ''}>
                  <th scope="row">{countryName(entry.country)}</th>
                  <Count value={entry.sms} />
                  <Count value={entry.whatsapp} />
                  <Count value={entry.total} />
                  <td>
                    <span className={entry.allowed ? 'badge badge-success' : 'badge badge-danger'}>
                      {entry.allowed ? S.yes : S.no}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
