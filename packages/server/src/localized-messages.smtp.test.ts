// Issue 27 "The e-mail templates per locale land in the real SMTP test server in that language" and item 2 (the
// language of each message: the body's `locale`, then Accept-Language, then the user's last locale, then English).
// DESIGN.md "Real parts": a real SMTP server (smtp-server) on loopback receives each mail and mailparser parses it;
// text messages go to a loopback HTTP server standing in for the Twilio Messages API. Every message is asked for
// through the /sdk/v1 routes, as the widget asks.
import { ROUTES } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { noticesSettled } from './features/notices';
import { STRONG, STRONG_2 } from './features/passwords/test-helpers';
import { createTestClock } from './features/sessions/test-fixtures';
import { codeAt } from './features/totps/totp-code';
import { users } from './infra/db/schema';
import { createTestApp, sdkRequest, type TestApp } from './test-support/app';
import { testDatabaseKinds } from './test-support/database';
import { type DeliveryStandIns, startDeliveryStandIns } from './test-support/delivery-stand-ins';
import type { SmsStandIn } from './test-support/sms-stand-in';
import type { ReceivedMail as Received } from './test-support/smtp-sink';

const MAIL_FROM = 'Gatehouse <login@mail.gatehouse.test>';
const NOW = '2030-01-01T09:05:42.000Z';

describe.each(testDatabaseKinds())(
  'messages in the asked language over real SMTP and the SMS API on %s',
  (kind) => {
    const clock = createTestClock(NOW);
    let standIns: DeliveryStandIns;
    let received: Received[] = [];
    let sms: SmsStandIn;
    let t: TestApp;

    beforeAll(async () => {
      standIns = await startDeliveryStandIns();
      received = standIns.smtp.received;
      sms = standIns.sms;
      t = await createTestApp({ kind, clock, config: { ...standIns.config, mailFrom: MAIL_FROM } });
    });
    afterAll(async () => {
      await t?.close();
      await standIns?.close();
    });
    beforeEach(async () => {
      await t.reset();
      clock.set(NOW);
      standIns.clear();
    });

    async function call(
      url: string,
      body: Record<string, unknown>,
      options: { sessionToken?: string; acceptLanguage?: string } = {},
    ): Promise<Record<string, unknown>> {
      const response = await sdkRequest(t.app, {
        method: 'POST',
        url,
        publicToken: t.publicToken,
        body,
        ...(options.sessionToken === undefined ? {} : { sessionToken: options.sessionToken }),
        ...(options.acceptLanguage === undefined
          ? {}
          : { headers: { 'accept-language': options.acceptLanguage } }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    }

    /** The mail to `to` whose subject is `subject`, once the SMTP server has it. */
    async function mailTo(
      to: string,
      subject?: string,
    ): Promise<{ subject: string; text: string; html: string }> {
      const { mail } = await vi.waitFor(
        () => {
          const found = received.find(
            (each) => each.rcptTo.includes(to) && (subject === undefined || each.mail.subject === subject),
          );
          if (!found)
            throw new Error(`no mail to ${to} yet (got ${received.map((each) => each.mail.subject)})`);
          return found;
        },
        { timeout: 10_000, interval: 20 },
      );
      return {
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
      };
    }

    async function textTo(to: string): Promise<string> {
      return vi.waitFor(
        () => {
          const found = sms.texts.find((each) => each.To === to);
          if (!found?.Body) throw new Error(`no text to ${to} yet`);
          return found.Body;
        },
        { timeout: 10_000, interval: 20 },
      );
    }

    const linkOf = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]);
    const storedLocaleOf = async (userId: unknown) =>
      (
        await t.ctx.db
          .select({ locale: users.locale })
          .from(users)
          .where(eq(users.id, userId as string))
      )[0]?.locale;

    it("a login link e-mail asked with locale 'fr' arrives in French, and its link signs in", async () => {
      const sent = await call(ROUTES.magicLinksEmailLoginOrCreate, {
        email: 'ada@example.com',
        locale: 'fr',
      });
      const mail = await mailTo('ada@example.com');
      expect(mail.subject).toBe(`Terminez votre inscription à ${t.project.name}`);
      expect(mail.text).toContain(`terminer la création de votre compte ${t.project.name}.`);
      // Intl's French puts a no-break space between the number and its unit (the text part may carry a space).
      expect(mail.text).toMatch(/Ce lien expire dans 30\s+minutes et ne fonctionne qu'une fois\./);
      expect(mail.html).toContain('<html lang="fr">');
      expect(mail.html).toContain('>Terminer l&#39;inscription</a>');
      expect(mail.html).toContain('Ou collez ce lien dans votre navigateur :');
      const token = linkOf(mail.text).searchParams.get('token');
      const signedIn = await call(ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 30 });
      expect(signedIn.user_id).toBe(sent.user_id);
      // The sign-up asked in French: that is now the user's last locale.
      expect(await storedLocaleOf(sent.user_id)).toBe('fr');
    });

    it("a passcode e-mail asked with locale 'fr' arrives in French", async () => {
      await call(ROUTES.otps.loginOrCreate('email'), {
        email: 'bea@example.com',
        locale: 'fr',
        expiration_minutes: 10,
      });
      const mail = await mailTo('bea@example.com');
      expect(mail.subject).toBe(`Votre code pour terminer votre inscription à ${t.project.name}`);
      const code = mail.text.match(/\b\d{6}\b/)![0];
      expect(mail.text.replace(/\u00a0/g, ' ')).toBe(
        `Saisissez ce code pour terminer la création de votre compte ${t.project.name} :\n\n${code}\n\nCe code expire dans 10 minutes et ne fonctionne qu'une fois. Si vous ne l'avez pas demandé, ignorez cet e-mail.\n`,
      );
      expect(mail.html).toContain('<html lang="fr">');
      expect(mail.html).toContain(`>${code}</td>`);
    });

    it("a password reset e-mail asked with locale 'fr' arrives in French", async () => {
      await call(ROUTES.passwords.create, { email: 'cy@example.com', password: STRONG });
      await noticesSettled(t.ctx);
      received.length = 0;
      await call(ROUTES.passwords.emailResetStart, { email: 'cy@example.com', locale: 'fr' });
      const mail = await mailTo('cy@example.com');
      expect(mail.subject).toBe(`Réinitialisez votre mot de passe ${t.project.name}`);
      expect(mail.text).toContain(
        `Cliquez sur le lien ci-dessous pour choisir un nouveau mot de passe pour votre compte ${t.project.name}.`,
      );
      expect(mail.text).toContain('votre mot de passe reste inchangé.');
      expect(mail.html).toContain('<html lang="fr">');
      expect(mail.html).toContain('>Réinitialiser le mot de passe</a>');
      expect(linkOf(mail.text).searchParams.get('stytch_token_type')).toBe('reset_password');
    });

    it('without a locale in the body, Accept-Language: ja picks Japanese', async () => {
      await call(
        ROUTES.magicLinksEmailLoginOrCreate,
        { email: 'dai@example.com' },
        { acceptLanguage: 'ja-JP,ja;q=0.9,en;q=0.8' },
      );
      const mail = await mailTo('dai@example.com');
      expect(mail.subject).toBe(`${t.project.name}の登録を完了してください`);
      expect(mail.text).toContain('このリンクの有効期限は30分で、1回だけ使えます。');
      expect(mail.html).toContain('<html lang="ja">');
      expect(mail.html).toContain('>登録を完了する</a>');
    });

    it('in Arabic the HTML reads right to left, with the code and the link left to right inside', async () => {
      await call(ROUTES.otps.loginOrCreate('email'), { email: 'eid@example.com', locale: 'ar' });
      const passcode = await mailTo('eid@example.com');
      expect(passcode.subject).toBe(`رمز التحقق لإكمال التسجيل في ${t.project.name}`);
      expect(passcode.html).toContain('<html lang="ar" dir="rtl">');
      expect(passcode.html).toContain('<table role="presentation" dir="rtl"');
      const code = passcode.text.match(/\b\d{6}\b/)![0];
      expect(passcode.html).toMatch(new RegExp(`<td dir="ltr" style="[^"]*">${code}</td>`));
      expect(passcode.text).toContain('تنتهي صلاحية رمز التحقق هذا خلال 5 دقائق');

      await call(ROUTES.magicLinksEmailLoginOrCreate, { email: 'fadi@example.com', locale: 'ar-EG' });
      const link = await mailTo('fadi@example.com');
      expect(link.subject).toBe(`أكمل التسجيل في ${t.project.name}`);
      expect(link.html).toContain('<html lang="ar" dir="rtl">');
      expect(link.html).toMatch(/<a href="[^"]+" dir="ltr" style="color:#5C727D;word-break:break-all">/);
    });

    it("the body's locale wins over Accept-Language; an unsupported one falls through to it", async () => {
      await call(
        ROUTES.magicLinksEmailLoginOrCreate,
        { email: 'gus@example.com', locale: 'de-AT' },
        {
          acceptLanguage: 'ja',
        },
      );
      expect((await mailTo('gus@example.com')).subject).toBe(
        `Schließen Sie Ihre Registrierung bei ${t.project.name} ab`,
      );
      await call(
        ROUTES.magicLinksEmailLoginOrCreate,
        { email: 'hal@example.com', locale: 'zh-Hant' },
        {
          acceptLanguage: 'ko, es-MX;q=0.8, en;q=0.5',
        },
      );
      expect((await mailTo('hal@example.com')).subject).toBe(`Termine su registro en ${t.project.name}`);
      await call(ROUTES.magicLinksEmailLoginOrCreate, { email: 'ida@example.com', locale: 'pt' });
      expect((await mailTo('ida@example.com')).subject).toBe(`Conclua seu cadastro no ${t.project.name}`);
    });

    it('a passcode SMS asked in Japanese or French lands at the SMS API in that language, one segment', async () => {
      const sent = await call(ROUTES.otps.loginOrCreate('sms'), {
        phone_number: '+14155550123',
        locale: 'ja',
      });
      const ja = await textTo('+14155550123');
      const code = ja.slice(0, 6);
      expect(ja).toBe(
        `${code}は${t.project.name}の確認コードです。有効期限は5分です。他人に教えないでください。`,
      );
      expect(ja.length).toBeLessThanOrEqual(70);
      const signedIn = await call(ROUTES.otps.authenticate, {
        token: code,
        method_id: sent.method_id,
        session_duration_minutes: 30,
      });
      expect(signedIn.user_id).toBe(sent.user_id);

      await call(ROUTES.otps.loginOrCreate('sms'), { phone_number: '+14155550124', locale: 'fr' });
      const fr = await textTo('+14155550124');
      // Plain spaces only (Intl's no-break space is not GSM-7): one 160-character segment.
      expect(fr).toBe(
        `${fr.slice(0, 6)} est votre code ${t.project.name}. Il expire dans 5 minutes. Ne le partagez pas.`,
      );
      expect(fr).toMatch(/^[\x20-\x7e]+$/);
    });

    it("a security notice is written in the user's last locale, not the language of the request that triggered it", async () => {
      // Signed up by a login link asked in French: French is the user's locale.
      const sent = await call(ROUTES.magicLinksEmailLoginOrCreate, { email: 'jo@example.com', locale: 'fr' });
      const token = linkOf((await mailTo('jo@example.com')).text).searchParams.get('token');
      const signedIn = await call(ROUTES.magicLinksAuthenticate, { token, session_duration_minutes: 60 });
      await noticesSettled(t.ctx);
      received.length = 0;
      // A stranger who knows the address asks for a Japanese link: the mail is Japanese, the user's locale stays.
      await call(ROUTES.magicLinksEmailLoginOrCreate, { email: 'jo@example.com', locale: 'ja' });
      expect((await mailTo('jo@example.com')).subject).toBe(`${t.project.name}のログインリンク`);
      expect(await storedLocaleOf(sent.user_id)).toBe('fr');
      received.length = 0;

      // The change comes from a browser asking for Japanese; the owner is told in French.
      const set = await call(
        ROUTES.passwords.sessionReset,
        { password: STRONG, session_duration_minutes: 60 },
        { sessionToken: signedIn.session_token as string, acceptLanguage: 'ja' },
      );
      const notice = await mailTo(
        'jo@example.com',
        `Un mot de passe a été défini sur votre compte ${t.project.name}`,
      );
      expect(notice.text).toContain(`Un mot de passe a été défini sur votre compte ${t.project.name}.`);
      expect(notice.text).toMatch(/Modifié le: mardi 1 janvier 2030 à 09:05 UTC/);
      expect(notice.text).toContain('Adresse IP: ');
      expect(notice.html).toContain('<html lang="fr">');
      await noticesSettled(t.ctx);
      received.length = 0;

      // A sign-in that says German makes German the user's locale: the next notice is German.
      await call(ROUTES.passwords.authenticate, {
        email: 'jo@example.com',
        password: STRONG,
        session_duration_minutes: 60,
        locale: 'de',
      });
      expect(await storedLocaleOf(sent.user_id)).toBe('de');
      await call(
        ROUTES.passwords.sessionReset,
        { password: STRONG_2, session_duration_minutes: 60 },
        { sessionToken: set.session_token as string },
      );
      const changed = await mailTo('jo@example.com', `Ihr ${t.project.name}-Passwort wurde geändert`);
      expect(changed.html).toContain('<html lang="de">');
    });

    it("a notice by SMS is in the user's last locale too", async () => {
      const sent = await call(ROUTES.otps.loginOrCreate('sms'), {
        phone_number: '+14155550125',
        locale: 'es',
      });
      const code = (await textTo('+14155550125')).slice(0, 6);
      const signedIn = await call(ROUTES.otps.authenticate, {
        token: code,
        method_id: sent.method_id,
        session_duration_minutes: 60,
      });
      await noticesSettled(t.ctx);
      sms.texts.length = 0;
      const created = await call(
        ROUTES.totps.create,
        { expiration_minutes: 60 },
        { sessionToken: signedIn.session_token as string },
      );
      await call(
        ROUTES.totps.authenticate,
        { totp_code: codeAt(created.secret as string, clock.now().getTime()), session_duration_minutes: 60 },
        { sessionToken: signedIn.session_token as string },
      );
      const notice = await textTo('+14155550125');
      expect(notice).toMatch(
        new RegExp(
          `^${t.project.name}: se añadió una app de autenticación a su cuenta el 1 ene 2030, 9:05 UTC `,
        ),
      );
      expect(notice).toContain(
        '¿No fue usted? Inicie sesión, revise llaves y sesiones, cambie su contraseña.',
      );
    });
  },
);
