// Issue 26 item 2: "viewer (read-only, personal data masked)". A viewer's answers pass through maskPersonalData
// (admin-plugin.ts, onSend: every JSON answer; streamed exports mask each record themselves, route config
// `adminMasksStream`). Masking is by field name over the whole answer, so a route added later is masked without
// knowing it: e-mail addresses keep their first character and domain (`a***@example.com`), phone numbers their last
// two digits, wallet addresses their first six and last four characters, IP addresses their network part, names
// their initial; an OAuth subject, metadata values and the messages' contents (bodies, links, codes: a login link
// would sign the viewer in as the user) are hidden whole.

const HIDDEN = '***';

/** `alice@example.com` → `a***@example.com`. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0) return HIDDEN;
  return `${value.slice(0, 1)}${HIDDEN}${value.slice(at)}`;
}

/** `+15551234567` → `+*********67`: every digit but the last two. */
export function maskPhone(value: string): string {
  const digits = value.replace(/\D/g, '').length;
  let seen = 0;
  return value.replace(/\d/g, (digit) => {
    seen += 1;
    return seen > digits - 2 ? digit : '*';
  });
}

/**
 * Free text that may quote a recipient (a provider's answer): each e-mail address and each phone number in it
 * (7 or more digits, `+` and separators allowed) masked as above; the rest kept, since it says what went wrong.
 */
export function maskQuotedRecipients(value: string): string {
  return value
    .replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, (email) => maskEmail(email))
    .replace(/\+?\d[\d ().-]{5,}\d/g, (phone) =>
      phone.replace(/\D/g, '').length >= 7 ? maskPhone(phone) : phone,
    );
}

/** `0x52908400098527886E0F7030069857D2E4169EE7` → `0x5290…9EE7`. */
export function maskWallet(value: string): string {
  return value.length <= 12 ? HIDDEN : `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/** `203.0.113.7` → `203.0.*.*`; `2001:db8:85a3::7` → `2001:db8:*`; anything else hidden. */
export function maskIp(value: string): string {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(value);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  if (value.includes(':')) {
    const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.exec(value);
    if (mapped) return maskIp(mapped[1]!);
    const groups = value.split(':').filter((group) => group !== '');
    return `${groups.slice(0, 2).join(':')}:*`;
  }
  return HIDDEN;
}

/** `Alice` → `A***`; empty stays empty. */
export function maskName(value: string): string {
  return value === '' ? '' : `${Array.from(value)[0]}${HIDDEN}`;
}

/** Every string inside `value` hidden, its shape kept (metadata). */
function hideStrings(value: unknown): unknown {
  if (typeof value === 'string') return HIDDEN;
  if (Array.isArray(value)) return value.map(hideStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, each]) => [key, hideStrings(each)]));
  }
  return value;
}

type Masker = (value: string) => string;

const BY_FIELD: Readonly<Record<string, Masker>> = {
  email: maskEmail,
  // A session's authentication factors (wire-format.md §4.1 AuthenticationFactor).
  email_address: maskEmail,
  phone_number: maskPhone,
  crypto_wallet_address: maskWallet,
  ip_address: maskIp,
  ip: maskIp,
  first_name: maskName,
  middle_name: maskName,
  last_name: maskName,
  username: maskName,
  provider_subject: () => HIDDEN,
  profile_picture_url: () => '',
  // The outbox (GET /messages): the recipient, and contents that carry codes and login links.
  to: (value) => (value.includes('@') ? maskEmail(value) : maskPhone(value)),
  subject: () => HIDDEN,
  // A provider's refusal may quote the recipient ("The 'To' number +1555… is not valid").
  provider_answer: maskQuotedRecipients,
  text: () => HIDDEN,
  html: () => HIDDEN,
};

/** Fields whose whole value is hidden, whatever its type. */
const HIDDEN_WHOLE = new Set(['trusted_metadata', 'untrusted_metadata', 'links', 'codes', 'custom_claims']);

/** A copy of `value` with personal data masked, by field name at any depth. */
export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData);
  if (value === null || typeof value !== 'object') return value;
  const masked: Record<string, unknown> = {};
  for (const [key, each] of Object.entries(value)) {
    const masker = BY_FIELD[key];
    if (HIDDEN_WHOLE.has(key)) masked[key] = hideStrings(each);
    else if (masker !== undefined && typeof each === 'string') masked[key] = masker(each);
    else masked[key] = maskPersonalData(each);
  }
  return masked;
}

/** A serialized JSON answer, masked; a body that is not JSON is answered as it is (errors, empty bodies). */
export function maskJsonText(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(maskPersonalData(parsed));
}
