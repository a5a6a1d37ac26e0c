// Issue 13 item 3: the user's e-mail addresses and phone numbers. Adding one verifies it first: the code is sent
// secondary (wire-format.md §4.5 /otps/{email|sms}/send/secondary: a session is held, so the destination is added
// to this user rather than signing anyone in), then the code entered authenticates it (POST /otps/authenticate)
// and the SDK stores the user with the new address. An e-mail can instead get a login link sent secondary
// (§4.4), which adds the address when opened. Removing one is DELETE /users/emails|phone_numbers/{id} (§4.2).
// Issue 22 finding 5: removing asks first in a dialog (./remove-button), and the last way to sign in says so.
// Issue 20 item 3 (server: sessions/step-up.ts SESSION_ROUTE_RULES): a secondary send to an address or number nobody
// holds yet needs a recent sign-in, and so does removing the last verified one; where the project requires a second
// factor, every send and removal needs it too. Refused, they wait for "Confirm it's you" and then run again (once).
// Entering the code is a sign-in with what was just sent and is never refused for that, so it is not guarded.
import {
  CodeInput,
  isReauthenticationCancelled,
  useReauthentication,
} from '@gatehouse/react/reauthentication';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { AppClient, UserView } from '../app-client';
import { STRINGS } from '../strings';
import { SESSION_DURATION_MINUTES } from '../widget-config';
import { invalidateAccount, isLastWayToSignIn, reasonOf } from './account-data';
import { ConfirmItsYou } from './confirm-its-you';
import { RemovalError, RemoveButton } from './remove-button';
import { useToast } from './toasts';
import { useRemoval } from './use-removal';

type Kind = 'email' | 'phone';

type Step =
  | { name: 'enter' }
  | { name: 'code'; destination: string; methodId: string }
  | { name: 'link-sent'; destination: string };

function AddContact({ client, kind }: { client: AppClient; kind: Kind }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const ids = useId();
  const [step, setStep] = useState<Step>({ name: 'enter' });
  const [destination, setDestination] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { request, guard } = useReauthentication();
  const heading = kind === 'email' ? STRINGS.account.addEmailHeading : STRINGS.account.addPhoneHeading;

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      // A cancelled "Confirm it's you": nothing was sent, the form stays as it was, nothing needs saying.
      if (!isReauthenticationCancelled(failure)) setError(reasonOf(failure, fallback));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const value = destination.trim();
    void run(async () => {
      const sent = await guard(() =>
        kind === 'email' ? client.otps.email.send(value) : client.otps.sms.send(value),
      );
      setCode('');
      setStep({ name: 'code', destination: value, methodId: sent.method_id });
    }, STRINGS.account.sendFailed);
  };

  const sendLink = () => {
    const value = destination.trim();
    void run(async () => {
      // The link comes back to /authenticate, which completes it and returns here (issue 3).
      const url = `${window.location.origin}/authenticate`;
      await guard(() =>
        client.magicLinks.email.send(value, { login_magic_link_url: url, signup_magic_link_url: url }),
      );
      setStep({ name: 'link-sent', destination: value });
    }, STRINGS.account.sendFailed);
  };

  const verifyCode = (digits: string) => {
    if (step.name !== 'code') return;
    void run(async () => {
      await client.otps.authenticate(digits, step.methodId, {
        session_duration_minutes: SESSION_DURATION_MINUTES,
      });
      notify(STRINGS.account.contactAdded(step.destination));
      setDestination('');
      setStep({ name: 'enter' });
      await invalidateAccount(queryClient);
    }, STRINGS.account.verifyFailed);
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    verifyCode(code.trim());
  };

  const cancel = () => {
    setError(null);
    setStep({ name: 'enter' });
  };

  return (
    <div className="account-add" data-testid={`account-add-${kind}`}>
      <h3 id={`${ids}-heading`}>{heading}</h3>
      {step.name === 'code' ? (
        <form onSubmit={verify} aria-labelledby={`${ids}-heading`}>
          <p>{STRINGS.account.codeSentTo(step.destination)}</p>
          <label htmlFor={`${ids}-code`}>{STRINGS.account.codeLabel}</label>
          {/* Issue 22 finding 10: the six-box code input of the widget; the sixth digit submits (SPEC §2). */}
          <CodeInput
            id={`${ids}-code`}
            value={code}
            onChange={setCode}
            onComplete={verifyCode}
            readOnly={busy}
            invalid={error !== null}
          />
          <div className="button-row">
            <button type="submit" className="button button-small" disabled={busy}>
              {busy ? STRINGS.account.verifying : STRINGS.account.verify}
            </button>
            <button type="button" className="button button-small button-secondary" onClick={cancel}>
              {STRINGS.account.cancel}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={sendCode} aria-labelledby={`${ids}-heading`}>
          {step.name === 'link-sent' ? (
            <p role="status">{STRINGS.account.linkSentTo(step.destination)}</p>
          ) : null}
          <label htmlFor={`${ids}-destination`}>
            {kind === 'email' ? STRINGS.account.newEmailLabel : STRINGS.account.newPhoneLabel}
          </label>
          <input
            id={`${ids}-destination`}
            className="text-input"
            type={kind === 'email' ? 'email' : 'tel'}
            // Issue 27 item 3: an address or a number is typed left to right, in a right-to-left page too.
            dir="ltr"
            autoComplete={kind === 'email' ? 'email' : 'tel'}
            value={destination}
            onChange={(event) => setDestination(event.target.value)}
            required
          />
          <div className="button-row">
            <button type="submit" className="button button-small" disabled={busy}>
              {busy ? STRINGS.account.sendingCode : STRINGS.account.sendCode}
            </button>
            {kind === 'email' ? (
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={busy || destination.trim() === ''}
                onClick={sendLink}
              >
                {STRINGS.account.sendLinkInstead}
              </button>
            ) : null}
          </div>
        </form>
      )}
      {error !== null ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <ConfirmItsYou request={request} testId={`account-add-${kind}-reauthentication`} />
    </div>
  );
}

export function ContactSection({ client, user }: { client: AppClient; user: UserView }) {
  const { busy, error, remove, reauthentication } = useRemoval();
  return (
    <section aria-labelledby="account-contact-heading">
      <h2 id="account-contact-heading">{STRINGS.account.contactSection}</h2>
      <h3>{STRINGS.account.emails}</h3>
      {user.emails.length === 0 ? (
        <p className="muted">{STRINGS.account.noEmails}</p>
      ) : (
        <ul className="plain-list item-list" data-testid="account-emails">
          {user.emails.map((email) => (
            <li key={email.email_id}>
              <span>
                {/* Issue 27 item 3: addresses and numbers stay left to right inside a right-to-left page. */}
                <span dir="ltr">{email.email}</span>{' '}
                <span className="muted">
                  ({email.verified ? STRINGS.account.verified : STRINGS.account.unverified})
                </span>
              </span>
              <RemoveButton
                label={email.email}
                busy={busy === email.email_id}
                disabled={busy !== null}
                lastWay={isLastWayToSignIn(user, { kind: 'email', id: email.email_id })}
                confirmDescription={STRINGS.account.confirmRemoveEmail}
                onClick={() =>
                  remove(email.email_id, email.email, () => client.user.deleteEmail(email.email_id))
                }
              />
            </li>
          ))}
        </ul>
      )}
      <h3>{STRINGS.account.phoneNumbers}</h3>
      {user.phone_numbers.length === 0 ? (
        <p className="muted">{STRINGS.account.noPhoneNumbers}</p>
      ) : (
        <ul className="plain-list item-list" data-testid="account-phone-numbers">
          {user.phone_numbers.map((phone) => (
            <li key={phone.phone_id}>
              <span>
                <span dir="ltr">{phone.phone_number}</span>{' '}
                <span className="muted">
                  ({phone.verified ? STRINGS.account.verified : STRINGS.account.unverified})
                </span>
              </span>
              <RemoveButton
                label={phone.phone_number}
                busy={busy === phone.phone_id}
                disabled={busy !== null}
                lastWay={isLastWayToSignIn(user, { kind: 'phone', id: phone.phone_id })}
                confirmDescription={STRINGS.account.confirmRemovePhone}
                onClick={() =>
                  remove(phone.phone_id, phone.phone_number, () =>
                    client.user.deletePhoneNumber(phone.phone_id),
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      <RemovalError error={error} testId="account-contact-error" />
      <ConfirmItsYou request={reauthentication} testId="account-contact-reauthentication" />
      <AddContact client={client} kind="email" />
      <AddContact client={client} kind="phone" />
    </section>
  );
}
