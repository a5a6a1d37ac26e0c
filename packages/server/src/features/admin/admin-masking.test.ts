// Issue 26 item 2: "viewer (read-only, personal data masked)" — each masker, and the walk over an answer by field name.
import { describe, expect, it } from 'vitest';
import {
  maskEmail,
  maskIp,
  maskJsonText,
  maskName,
  maskPersonalData,
  maskPhone,
  maskQuotedRecipients,
  maskWallet,
} from './admin-masking';

describe('maskQuotedRecipients (issue 26 item 3: a provider answer shown to a viewer)', () => {
  it('masks the addresses and phone numbers a provider quotes, and keeps the rest of its words', () => {
    expect(maskQuotedRecipients("The 'To' number +1 (415) 555-0101 is not a valid phone number.")).toBe(
      "The 'To' number +* (***) ***-**01 is not a valid phone number.",
    );
    expect(maskQuotedRecipients('550 5.1.1 <ada@example.com>: Recipient address rejected')).toBe(
      '550 5.1.1 <a***@example.com>: Recipient address rejected',
    );
    expect(maskQuotedRecipients('HTTP 201 queued')).toBe('HTTP 201 queued');
  });
});

describe('masking personal data', () => {
  it('keeps what tells records apart and hides the rest', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('@example.com')).toBe('***');
    expect(maskPhone('+15551234567')).toBe('+*********67');
    expect(maskPhone('+44 20 7946 0018')).toBe('+** ** **** **18');
    expect(maskWallet('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290…9EE7');
    expect(maskWallet('So11111111111111111111111111111111111111112')).toBe('So1111…1112');
    expect(maskWallet('short')).toBe('***');
    expect(maskIp('203.0.113.7')).toBe('203.0.*.*');
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:*');
    expect(maskIp('::ffff:198.51.100.4')).toBe('198.51.*.*');
    expect(maskIp('unknown')).toBe('***');
    expect(maskName('Ada')).toBe('A***');
    expect(maskName('')).toBe('');
  });

  it('walks an answer by field name at any depth, hiding metadata, message contents and OAuth subjects whole', () => {
    const user = {
      user_id: 'user-1',
      name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
      username: 'ada',
      emails: [{ email_id: 'email-1', email: 'ada@example.com', verified: true }],
      phone_numbers: [{ phone_id: 'phone-1', phone_number: '+14155550101', verified: true }],
      crypto_wallets: [{ crypto_wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7' }],
      providers: [{ provider_subject: '1234567890', profile_picture_url: 'https://pics.example/ada.png' }],
      untrusted_metadata: { city: 'London', visits: 3, tags: ['math'] },
      sessions: [{ attributes: { ip_address: '203.0.113.7', user_agent: 'Firefox' } }],
    };
    expect(maskPersonalData(user)).toEqual({
      user_id: 'user-1',
      name: { first_name: 'A***', middle_name: '', last_name: 'L***' },
      username: 'a***',
      emails: [{ email_id: 'email-1', email: 'a***@example.com', verified: true }],
      phone_numbers: [{ phone_id: 'phone-1', phone_number: '+*********01', verified: true }],
      crypto_wallets: [{ crypto_wallet_address: '0x5290…9EE7' }],
      providers: [{ provider_subject: '***', profile_picture_url: '' }],
      untrusted_metadata: { city: '***', visits: 3, tags: ['***'] },
      sessions: [{ attributes: { ip_address: '203.0.*.*', user_agent: 'Firefox' } }],
    });
    const message = {
      channel: 'email',
      to: 'ada@example.com',
      subject: 'Your login link',
      text: 'https://x.example/authenticate?token=abc',
      html: '<a href="…">',
      links: ['https://x.example/authenticate?token=abc'],
      codes: ['123456'],
    };
    expect(
      maskPersonalData({ items: [message, { ...message, channel: 'sms', to: '+14155550101' }] }),
    ).toEqual({
      items: [
        {
          channel: 'email',
          to: 'a***@example.com',
          subject: '***',
          text: '***',
          html: '***',
          links: ['***'],
          codes: ['***'],
        },
        {
          channel: 'sms',
          to: '+*********01',
          subject: '***',
          text: '***',
          html: '***',
          links: ['***'],
          codes: ['***'],
        },
      ],
    });
    // Nulls, numbers and booleans stay; text that is not JSON is left as it is.
    expect(maskPersonalData({ email: null, ip_address: null, n: 1 })).toEqual({
      email: null,
      ip_address: null,
      n: 1,
    });
    expect(maskJsonText('{"email":"bob@example.com"}')).toBe('{"email":"b***@example.com"}');
    expect(maskJsonText('not json')).toBe('not json');
  });
});
