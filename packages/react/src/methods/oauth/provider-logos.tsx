// SPEC §2 social buttons: each provider's mark as a small inline SVG of our own drawing (simple shapes that recall
// the brand, no copied artwork, no network request). They are decorative (aria-hidden): the button's text names the
// provider. This module is imported only by the OAuth section, so it loads with that section and never with Main.
// Black marks (Apple, Amazon's letter) are drawn in the button's text colour, so they show in the dark theme too
// (issue 22 "Themes").
import type { OAuthProvider } from '@gatehouse/protocol';
import type { ReactNode } from 'react';

const LETTER = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700, textAnchor: 'middle' } as const;

const MARKS: Record<OAuthProvider, ReactNode> = {
  google: (
    <>
      <path
        d="M21 12.2c0-.7-.1-1.3-.2-1.9H12v3.6h5a4.3 4.3 0 0 1-1.9 2.8v2.3h3A9 9 0 0 0 21 12.2z"
        fill="#4285F4"
      />
      <path
        d="M12 21c2.5 0 4.6-.8 6.1-2.2l-3-2.3c-.8.6-1.9.9-3.1.9a5.4 5.4 0 0 1-5-3.7H3.9v2.4A9 9 0 0 0 12 21z"
        fill="#34A853"
      />
      <path d="M7 13.7a5.4 5.4 0 0 1 0-3.4V7.9H3.9a9 9 0 0 0 0 8.2z" fill="#FBBC05" />
      <path
        d="M12 6.6c1.4 0 2.6.5 3.5 1.4l2.6-2.6A9 9 0 0 0 3.9 7.9L7 10.3a5.4 5.4 0 0 1 5-3.7z"
        fill="#EA4335"
      />
    </>
  ),
  microsoft: (
    <>
      <rect x="3" y="3" width="8.5" height="8.5" fill="#F25022" />
      <rect x="12.5" y="3" width="8.5" height="8.5" fill="#7FBA00" />
      <rect x="3" y="12.5" width="8.5" height="8.5" fill="#00A4EF" />
      <rect x="12.5" y="12.5" width="8.5" height="8.5" fill="#FFB900" />
    </>
  ),
  apple: (
    <>
      <path
        d="M16.4 12.6c0-2 1.6-2.9 1.7-3a3.7 3.7 0 0 0-2.9-1.6c-1.2-.1-2.4.7-3 .7s-1.6-.7-2.6-.7A3.9 3.9 0 0 0 6.3 10c-1.4 2.4-.4 6 1 8 .7 1 1.5 2 2.5 2s1.4-.6 2.6-.6 1.5.6 2.6.6 1.7-1 2.4-2a8 8 0 0 0 1-2.2 3.4 3.4 0 0 1-2-3.2z"
        fill="currentColor"
      />
      <path
        d="M14.5 6.5c.6-.7.9-1.6.8-2.5-.8 0-1.7.5-2.3 1.2-.5.6-1 1.5-.8 2.4.9.1 1.7-.4 2.3-1.1z"
        fill="currentColor"
      />
    </>
  ),
  github: (
    <>
      <circle cx="12" cy="12" r="9.5" fill="#181717" />
      <path
        d="M8 18.5v-2.3c-1.6.3-2.2-.7-2.4-1.3M16 18.5v-2.6c0-.7-.2-1.2-.6-1.5 2-.3 3-1.3 3-3.6 0-.8-.3-1.5-.8-2 .2-.5.2-1.2-.1-2-.7 0-1.3.3-1.9.7a7 7 0 0 0-3.6 0C9.4 6.8 8.8 6.5 8.1 6.5c-.3.8-.3 1.5-.1 2-.5.5-.8 1.2-.8 2 0 2.3 1 3.3 3 3.6-.3.3-.5.7-.6 1.2"
        fill="none"
        stroke="#fff"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </>
  ),
  gitlab: (
    <>
      <path d="M12 21 3 14l1.5-8 2.3 6h10.4l2.3-6 1.5 8z" fill="#FC6D26" />
      <path d="M12 21 6.8 12h10.4z" fill="#E24329" />
      <path d="M3 14l3.8-2L12 21z M21 14l-3.8-2L12 21z" fill="#FCA326" />
    </>
  ),
  facebook: (
    <>
      <circle cx="12" cy="12" r="10" fill="#1877F2" />
      <path
        d="M13.2 21v-6.6h2.2l.4-2.6h-2.6v-1.7c0-.7.3-1.4 1.5-1.4H16V6.5s-1-.2-2-.2c-2 0-3.4 1.2-3.4 3.5v2H8.4v2.6h2.2V21z"
        fill="#fff"
      />
    </>
  ),
  discord: (
    <>
      <path
        d="M18.6 6.3A15 15 0 0 0 15 5.2l-.5 1a14 14 0 0 0-5 0l-.5-1a15 15 0 0 0-3.6 1.1C3.2 9.8 2.6 13.2 2.9 16.5a15 15 0 0 0 4.5 2.3l1-1.6-1.6-.8.4-.3a10.7 10.7 0 0 0 9.6 0l.4.3-1.6.8 1 1.6a15 15 0 0 0 4.5-2.3c.4-3.8-.6-7.2-2.5-10.2z"
        fill="#5865F2"
      />
      <ellipse cx="9.2" cy="13" rx="1.5" ry="1.7" fill="#fff" />
      <ellipse cx="14.8" cy="13" rx="1.5" ry="1.7" fill="#fff" />
    </>
  ),
  salesforce: (
    <path
      d="M10 6.3a3.6 3.6 0 0 1 5.6.8 4.3 4.3 0 0 1 6 4 4.3 4.3 0 0 1-5.2 4.3 3.2 3.2 0 0 1-4.2 1.4 3.7 3.7 0 0 1-6.8-.3 3.3 3.3 0 0 1-2.4-5.8 3.8 3.8 0 0 1 7-4.4z"
      fill="#00A1E0"
    />
  ),
  slack: (
    <>
      <rect x="9.5" y="2.5" width="3" height="9" rx="1.5" fill="#36C5F0" />
      <rect x="12.5" y="9.5" width="9" height="3" rx="1.5" fill="#2EB67D" />
      <rect x="11.5" y="12.5" width="3" height="9" rx="1.5" fill="#ECB22E" />
      <rect x="2.5" y="11.5" width="9" height="3" rx="1.5" fill="#E01E5A" />
    </>
  ),
  amazon: (
    <>
      <text x="12" y="15" fontSize="15" fill="currentColor" {...LETTER}>
        a
      </text>
      <path
        d="M4 17.5c4.5 2.8 11 2.8 15.5-.3"
        fill="none"
        stroke="#FF9900"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <path d="M17 16.4l2.8.6-.6 2.7" fill="none" stroke="#FF9900" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
  bitbucket: (
    <>
      <path d="M3 4h18l-2.6 16H5.6z" fill="#2684FF" />
      <path d="M9.6 14.4h4.8l.9-5H8.7z" fill="#fff" />
    </>
  ),
  linkedin: (
    <>
      <rect x="2.5" y="2.5" width="19" height="19" rx="2.5" fill="#0A66C2" />
      <text x="12" y="17.3" fontSize="12.5" fill="#fff" {...LETTER}>
        in
      </text>
    </>
  ),
  coinbase: (
    <>
      <circle cx="12" cy="12" r="10" fill="#0052FF" />
      <path d="M15.3 14.2a4 4 0 1 1 0-4.4" fill="none" stroke="#fff" strokeWidth="2.6" />
    </>
  ),
  twitch: (
    <>
      <path d="M5 3 3.5 6.5v12.5h4.5V21.5h2.5l2.5-2.5h3.5l4.5-4.5V3z" fill="#9146FF" />
      <path d="M6.5 4.5h12.5v9.5l-2.5 2.5h-4l-2.5 2.5V16.5H6.5z" fill="#fff" />
      <path d="M11 7.5h1.7v4.3H11zm4.3 0H17v4.3h-1.7z" fill="#9146FF" />
    </>
  ),
  twitter: (
    <path
      d="M21.5 6.4c-.7.3-1.5.5-2.2.6.8-.5 1.4-1.2 1.7-2.1-.8.4-1.6.8-2.4.9a3.9 3.9 0 0 0-6.6 3.5A11 11 0 0 1 4 5.3a3.9 3.9 0 0 0 1.2 5.2c-.6 0-1.2-.2-1.8-.5 0 1.9 1.4 3.5 3.1 3.8-.6.2-1.2.2-1.8.1a3.9 3.9 0 0 0 3.7 2.7A7.8 7.8 0 0 1 2.5 18 11 11 0 0 0 8.5 19.7c7.2 0 11.1-6 11.1-11.1v-.5c.8-.5 1.4-1.1 1.9-1.7z"
      fill="#1D9BF0"
    />
  ),
  tiktok: (
    <>
      <path
        d="M14 3.5v11.3a3 3 0 1 1-3-3"
        fill="none"
        stroke="#25F4EE"
        strokeWidth="2.4"
        transform="translate(-0.8 -0.6)"
      />
      <path
        d="M14 3.5v11.3a3 3 0 1 1-3-3"
        fill="none"
        stroke="#FE2C55"
        strokeWidth="2.4"
        transform="translate(0.8 0.6)"
      />
      <path
        d="M14 3.5v11.3a3 3 0 1 1-3-3M14 3.5c.4 2.3 1.9 3.8 4.3 4"
        fill="none"
        stroke="#000"
        strokeWidth="2.4"
      />
    </>
  ),
  snapchat: (
    <>
      <rect x="2.5" y="2.5" width="19" height="19" rx="4.5" fill="#FFFC00" />
      <path
        d="M12 5.5c2.3 0 3.8 1.7 3.8 3.8v2l1.4-.4c.4 0 .5.5.1.7l-1.4.7c.5 1.3 1.5 2.2 2.8 2.6-.3.6-1.3.8-2 .9l-.3.9c-1-.2-2 .1-2.8.8-.9.6-2.3.6-3.2 0-.8-.7-1.8-1-2.8-.8l-.3-.9c-.7-.1-1.7-.3-2-.9 1.3-.4 2.3-1.3 2.8-2.6l-1.4-.7c-.4-.2-.3-.7.1-.7l1.4.4v-2c0-2.1 1.5-3.8 3.8-3.8z"
        fill="#fff"
        stroke="#000"
        strokeWidth=".8"
      />
    </>
  ),
  figma: (
    <>
      <path d="M8.5 2.5H12v6H8.5a3 3 0 0 1 0-6z" fill="#F24E1E" />
      <path d="M12 2.5h3.5a3 3 0 0 1 0 6H12z" fill="#FF7262" />
      <path d="M8.5 8.5H12v6H8.5a3 3 0 0 1 0-6z" fill="#A259FF" />
      <circle cx="15.5" cy="11.5" r="3" fill="#1ABCFE" />
      <path d="M8.5 14.5H12v3a3 3 0 1 1-3.5-3z" fill="#0ACF83" />
    </>
  ),
  yahoo: (
    <>
      <rect x="2.5" y="2.5" width="19" height="19" rx="4" fill="#6001D2" />
      <text x="11" y="16.8" fontSize="12" fill="#fff" {...LETTER}>
        Y!
      </text>
    </>
  ),
};

/** The provider's mark, 20 × 20 CSS pixels, hidden from assistive technology (the button text names it). */
export function ProviderLogo({ provider }: { provider: OAuthProvider }) {
  return (
    <svg
      className="gh-oauth-logo"
      data-provider-logo={provider}
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {MARKS[provider]}
    </svg>
  );
}
