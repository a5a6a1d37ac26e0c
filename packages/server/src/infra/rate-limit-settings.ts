// The named rate limits and their defaults (issue 9; security-tests.md BF-01..BF-09, AT-05, AT-07): what each counts,
// per what key, and why its budget is what it is. RATE_LIMITS (infra/config.ts) replaces any of them by name; the
// machinery that counts them is infra/rate-limits.ts.
export interface RateLimit {
  /** How many events are allowed per window. */
  points: number;
  /** The window in seconds. */
  durationSeconds: number;
  /** From this many events on, a caller who can solve a captcha must (guardCall); none when absent. */
  softPoints?: number;
}

export interface RateLimitSettings {
  // Sends (issue 9 item 1; security-tests.md BF-05). Limits with `softPoints` guard captcha-protected calls: past
  // the soft threshold a caller who can solve a challenge must (guardCall); the hard limit still applies to all.
  /** Any message to one mailbox or phone number, every method and channel together (BF-05: Stytch's 1 req/s). */
  sendsPerRecipientBurst: RateLimit;
  /** Login links to one e-mail address (BF-05: ~3/min in Stytch and Hanko; 5 leaves room to resend). */
  magicLinkSendsPerEmail: RateLimit;
  /** Login links requested from one client IP. */
  magicLinkSendsPerIp: RateLimit;
  /** Passcodes to one phone number or e-mail address, per channel (BF-05: ~3/min; 5 leaves room to resend). */
  otpSendsPerRecipient: RateLimit;
  /** SMS/WhatsApp passcodes to numbers sharing a prefix (BF-05 pumping across a number range). */
  otpSendsPerPhonePrefix: RateLimit;
  /** Passcodes from one client IP, all channels together. */
  otpSendsPerIp: RateLimit;
  /**
   * SMS and WhatsApp passcodes of one project per day, together (BF-05 "per day globally": the bill of an SMS-pumping
   * attack has a ceiling). A project's `sms_daily_limit` setting (project file) replaces `points` for that project.
   */
  paidSendsPerProject: RateLimit;
  /** Users created by login_or_create calls from one client IP (issue 9 item 1: sign-ups). */
  signUpsPerIp: RateLimit;
  // Verifications.
  /**
   * Wrong passcodes for one method (phone_id / email_id) from one client IP, across resends (BF-05: the budget per
   * identifier and window does not reset with each send). Keyed on the IP too, so a stranger who knows a method_id
   * burns only their own budget, never the owner's (BF-03); each code also dies after 5 evaluated attempts (BF-04).
   */
  otpFailedAttemptsPerMethodAndIp: RateLimit;
  /** POST /otps/authenticate calls from one client IP. */
  otpAuthenticationsPerIp: RateLimit;
  /** POST /magic_links/authenticate calls from one client IP. */
  magicLinkAuthenticationsPerIp: RateLimit;
  /** Passkey ceremonies finished (POST /webauthn/register, /webauthn/authenticate) from one client IP. */
  passkeyVerificationsPerIp: RateLimit;
  // Passkey starts.
  /** Passkey ceremonies started from one client IP (issue 8: challenges are limited per IP). */
  passkeyChallengesPerIp: RateLimit;
  /** Passkey ceremonies started for one signed-in user (registration, secondary sign-in). */
  passkeyChallengesPerUser: RateLimit;
  // Passwords (issue 10 item 1).
  /**
   * Wrong passwords for one account (the e-mail address's key, whether or not a user holds it, so the answer is the
   * same for both): from the 5th failure the account's password sign-in answers 429 until the window ends, even to
   * the right password (BF-01); never a permanent lock, and other methods still work (BF-03). A success resets it.
   */
  passwordFailuresPerAccount: RateLimit;
  /**
   * Password attempts since the last success for one account (the e-mail address's key, known or not; each takes
   * its place before it is verified, a success forgets them), a streak (LimitCheck `streak`): a success after 5 or
   * more sends the owner a notice (BF-01), and past the project's `max_consecutive_failures` (the check's `points`;
   * `points` here is only the default) the password needs a reset (BF-09, issue 20 item 5). Apart from
   * passwordFailuresPerAccount, whose window ends (and forgets) long before.
   */
  passwordFailureStreaksPerAccount: RateLimit;
  /** Wrong passwords from one client IP, every account together (BF-02 spraying). */
  passwordFailuresPerIp: RateLimit;
  /** Calls that hash or verify a password (create, authenticate, the three resets) from one client IP (BF-07). */
  passwordCallsPerIp: RateLimit;
  /** POST /passwords/strength_check from one client IP (the widget checks as the user types, debounced). */
  passwordStrengthChecksPerIp: RateLimit;
  /** Reset e-mails to one address (BF-05, as login links). */
  passwordResetSendsPerEmail: RateLimit;
  /** Reset e-mails requested from one client IP. */
  passwordResetSendsPerIp: RateLimit;
  /** POST /users/search from one client IP: it tells whether an address has an account (README enumeration table). */
  userSearchesPerIp: RateLimit;
  // OAuth (issue 11 item 1).
  /** GET /v1/public/oauth/{provider}/start from one client IP (each start stores a state row). */
  oauthStartsPerIp: RateLimit;
  /** POST /sdk/v1/oauth/authenticate calls from one client IP. */
  oauthAuthenticationsPerIp: RateLimit;
  // Crypto wallets (issue 12 item 1). Wallet keys are hashed (features/crypto-wallets/limits.ts).
  /** Wallet sign-in challenges started (primary and secondary) from one client IP: each stores a row. */
  cryptoWalletStartsPerIp: RateLimit;
  /**
   * Challenges started for one wallet from one client IP (issue 20 item 2, security-tests.md AT-05/AT-07): the
   * budget a person needs (a few starts a minute; the old per-wallet figure, 10 with a captcha from the 6th). A
   * stranger flooding starts for someone's public address spends their own, never the owner's, and their starts
   * never crowd out the owner's challenge (those are matched by client address, features/crypto-wallets).
   */
  cryptoWalletStartsPerWalletAndIp: RateLimit;
  /**
   * Ceiling on the challenges started for one wallet from all IPs together: bounds the live rows one address can
   * have (300 a minute × 10-minute TTL = 3,000). 30 times the (wallet, IP) budget, so only ≥ 30 client addresses
   * each spending its whole budget can reach it; its captcha threshold (100) is out of one address's reach too.
   */
  cryptoWalletStartsPerWallet: RateLimit;
  /**
   * POST /crypto_wallets/authenticate calls from one client IP (each checks one signature with a named challenge,
   * up to 5 without: features/crypto-wallets/challenges.ts MAX_SIGNATURE_CHECKS).
   */
  cryptoWalletAuthenticationsPerIp: RateLimit;
  /**
   * POST /crypto_wallets/authenticate calls for one wallet from one client IP (issue 20 item 2, AT-05): a person's
   * budget (one per start, with room for retries; the old per-wallet figure), spent by a stranger's bogus
   * signatures only for the stranger.
   */
  cryptoWalletAuthenticationsPerWalletAndIp: RateLimit;
  /**
   * Ceiling on the authenticates for one wallet from all IPs together: 15 times the (wallet, IP) budget, reachable
   * only from ≥ 15 client addresses at their full budget; bounds the signature checks one wallet can draw
   * (300 × 5 a minute).
   */
  cryptoWalletAuthenticationsPerWallet: RateLimit;
  // TOTP and recovery codes (issue 13 item 1).
  /** Wrong TOTP or recovery codes of one user (BF-06: the same size as a password account's BF-01 budget). */
  secondFactorFailuresPerUser: RateLimit;
  /**
   * Codes tried since the last success on one confirmed authenticator app (its totp_id), a streak (LimitCheck
   * `streak`): past the project's `max_consecutive_failures` its codes are refused with `totp_locked` until a
   * recovery code is used (BF-09, issue 20 item 5). Recovery codes, right or wrong, never count here (BF-03).
   */
  totpFailureStreaksPerApp: RateLimit;
  /** POST /totps/authenticate and /totps/recover from one client IP. */
  totpAttemptsPerIp: RateLimit;
  /** POST /totps by one user (each writes a secret and ten recovery codes). */
  totpEnrolmentsPerUser: RateLimit;
  // Captcha.
  /**
   * Captcha challenges handed to one client IP (issue 9 item 3): the count sets the next challenge's difficulty
   * (infra/captcha.ts), the budget caps them.
   */
  captchaChallengesPerIp: RateLimit;
  /**
   * Uses of one solved captcha token (points 1: a shared, expiring "used once" set, issue 9 item 3). A token is
   * only accepted inside the window it was issued in, so one window's counter is enough (infra/captcha.ts).
   */
  captchaTokenUses: RateLimit;
}

export type RateLimitName = keyof RateLimitSettings;

// README "Rate limits" lists these (security-tests.md V6.1.1); keep the two in step.
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  sendsPerRecipientBurst: { points: 1, durationSeconds: 1 },
  magicLinkSendsPerEmail: { points: 5, durationSeconds: 60, softPoints: 3 },
  magicLinkSendsPerIp: { points: 50, durationSeconds: 600, softPoints: 20 },
  otpSendsPerRecipient: { points: 5, durationSeconds: 60, softPoints: 3 },
  otpSendsPerPhonePrefix: { points: 25, durationSeconds: 600, softPoints: 10 },
  otpSendsPerIp: { points: 50, durationSeconds: 600, softPoints: 20 },
  paidSendsPerProject: { points: 1000, durationSeconds: 86_400 },
  signUpsPerIp: { points: 20, durationSeconds: 3600, softPoints: 10 },
  otpFailedAttemptsPerMethodAndIp: { points: 15, durationSeconds: 3600 },
  otpAuthenticationsPerIp: { points: 60, durationSeconds: 60 },
  magicLinkAuthenticationsPerIp: { points: 60, durationSeconds: 60 },
  passkeyVerificationsPerIp: { points: 60, durationSeconds: 60 },
  // A person retries a ceremony a few times a minute at most; autofill (SPEC §9: 5 retries) starts one per mount.
  passkeyChallengesPerIp: { points: 60, durationSeconds: 60, softPoints: 30 },
  passkeyChallengesPerUser: { points: 20, durationSeconds: 60, softPoints: 10 },
  // BF-01: throttled from the 5th failure for at most 5 minutes (≤ 60 guesses an hour per account, well under
  // NIST's 100); BF-03: the window ends by itself.
  passwordFailuresPerAccount: { points: 5, durationSeconds: 300 },
  // BF-09: streaks (current and previous window), so one ends only with a success, a reset or recovery, or a week or
  // two without a failure. A week: the memory store expires a key two windows after its first point through a
  // setTimeout, which cannot wait longer than 24.8 days (2^31 ms; infra/rate-limit-store.ts).
  passwordFailureStreaksPerAccount: { points: 100, durationSeconds: 604_800 },
  passwordFailuresPerIp: { points: 50, durationSeconds: 600 },
  passwordCallsPerIp: { points: 60, durationSeconds: 60, softPoints: 20 },
  passwordStrengthChecksPerIp: { points: 300, durationSeconds: 60 },
  passwordResetSendsPerEmail: { points: 5, durationSeconds: 60, softPoints: 3 },
  passwordResetSendsPerIp: { points: 50, durationSeconds: 600, softPoints: 20 },
  userSearchesPerIp: { points: 60, durationSeconds: 60, softPoints: 20 },
  // A person starts a social sign-in a few times a minute at most; a callback or redemption follows each start.
  oauthStartsPerIp: { points: 60, durationSeconds: 60 },
  oauthAuthenticationsPerIp: { points: 60, durationSeconds: 60 },
  // A person connects a wallet a few times a minute at most; each start is followed by one authenticate.
  // Per wallet: a person's budget per (wallet, IP), a ceiling far above it for the wallet (issue 20 item 2, AT-07).
  cryptoWalletStartsPerIp: { points: 60, durationSeconds: 60, softPoints: 30 },
  cryptoWalletStartsPerWalletAndIp: { points: 10, durationSeconds: 60, softPoints: 5 },
  cryptoWalletStartsPerWallet: { points: 300, durationSeconds: 60, softPoints: 100 },
  cryptoWalletAuthenticationsPerIp: { points: 60, durationSeconds: 60 },
  cryptoWalletAuthenticationsPerWalletAndIp: { points: 20, durationSeconds: 60 },
  cryptoWalletAuthenticationsPerWallet: { points: 300, durationSeconds: 60 },
  // BF-06: guessing a 6-digit code (3 valid in the ±1 window) at 5 tries per 5 minutes succeeds with p ≈ 0.4 % a day.
  secondFactorFailuresPerUser: { points: 5, durationSeconds: 300 },
  totpFailureStreaksPerApp: { points: 100, durationSeconds: 604_800 },
  totpAttemptsPerIp: { points: 60, durationSeconds: 60, softPoints: 20 },
  totpEnrolmentsPerUser: { points: 10, durationSeconds: 3600 },
  captchaChallengesPerIp: { points: 300, durationSeconds: 600 },
  captchaTokenUses: { points: 1, durationSeconds: 86_400 },
};
