// Issue 26 item 2: "they … must hold a passkey or TOTP (set up at first sign-in)". The admin API answers only
// GET /me until the operator's session has shown a second factor (me.second_factor.in_session):
// - an operator without one chooses: add a passkey here with the widget's <PasskeyRegistration>, or set up an
//   authenticator app (second-factor-totp.tsx); a first credential counts for the session that made it;
// - an operator who holds one and signed in by login link confirms with what they hold (me.second_factor.kinds):
//   their passkey (webauthn.authenticate with the session: the secondary ceremony adds the factor to the session),
//   a code from their app or one of its recovery codes (components/authenticator-code.tsx). Adding another would not
//   count: a mailbox alone must never open the console (features/operators/operator-auth.ts).
// Either way /me is asked again, on its own after the ceremony, or by Continue.
import { type Callbacks, PasskeyRegistration } from '@gatehouse/react';
import { type ComponentProps, type ComponentType, useMemo, useState } from 'react';
import type { SecondFactorKind } from '../admin-types';
import { AuthenticatorCodeForm } from '../components/authenticator-code';
import { confirmWithPasskey } from '../components/passkey-confirmation';
import type { TotpEnrolment } from '../console-client';
import { useServices } from '../console-context';
import {
  SignInStringsContext,
  type SignInText,
  useSignInDocumentTitle,
  useSignInStrings,
  useSignInText,
} from '../sign-in-strings';
import { useTheme } from '../theme';
import { TotpChoice, TotpSetUp } from './second-factor-totp';

export interface SecondFactorScreenProps {
  /** The operator holds a passkey or an authenticator app already: confirm with it, do not add one. */
  enrolled: boolean;
  /** What the operator holds (GET /me second_factor.kinds); a passkey is assumed when the server names none. */
  kinds?: readonly SecondFactorKind[];
  checking: boolean;
  /** The server still refused after a Continue. */
  stillRequired: boolean;
  onContinue(): void;
  onSignOut(): void;
}

/** The widget's `locale` prop (see sign-in-screen.tsx): passed whether or not this checkout declares it yet. */
const LocalizedPasskeyRegistration = PasskeyRegistration as ComponentType<
  ComponentProps<typeof PasskeyRegistration> & { locale?: string }
>;

/**
 * Issue 27 item 1: the second factor is asked before the console proper, so it speaks the sign-in's language
 * (sign-in-strings.ts), on its own <main lang dir>; the shared code form and the app's set-up read it from context.
 */
export function SecondFactorScreen(props: SecondFactorScreenProps) {
  const signIn = useSignInText();
  return (
    <SignInStringsContext.Provider value={signIn.strings}>
      <SecondFactorContent {...props} signIn={signIn} />
    </SignInStringsContext.Provider>
  );
}

function SecondFactorContent(props: SecondFactorScreenProps & { signIn: SignInText }) {
  const { signIn } = props;
  const strings = signIn.strings;
  const text = props.enrolled ? strings.confirmFactor : strings.secondFactor;
  const kinds = props.kinds === undefined || props.kinds.length === 0 ? ['webauthn'] : props.kinds;
  const holdsPasskey = kinds.includes('webauthn');
  const holdsApp = kinds.includes('totp');
  // The first sign-in's choice: the app's set-up, once started, takes the passkey's place.
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  useSignInDocumentTitle(signIn, text.title);
  const body = !props.enrolled
    ? strings.secondFactor.body
    : holdsPasskey && holdsApp
      ? strings.confirmFactor.bodyBoth
      : holdsApp
        ? strings.confirmFactor.bodyApp
        : strings.confirmFactor.body;
  return (
    <main className="centered" id="main" data-screen="second-factor" lang={signIn.locale} dir={signIn.dir}>
      <section className="card wide" aria-labelledby="page-heading">
        <p className="product-name">{strings.productName}</p>
        <h1 id="page-heading">{text.heading}</h1>
        <p>{body}</p>
        {props.enrolled ? (
          <>
            {holdsPasskey ? <ConfirmWithPasskey onDone={props.onContinue} /> : null}
            {holdsPasskey && holdsApp ? <p className="factor-or">{strings.totp.or}</p> : null}
            {holdsApp ? (
              <AuthenticatorCodeForm
                label={strings.totp.enterCode}
                allowRecovery
                onConfirmed={props.onContinue}
              />
            ) : null}
          </>
        ) : enrolment === null ? (
          <>
            <AddPasskey {...props} locale={signIn.locale} />
            <TotpChoice onStarted={setEnrolment} />
          </>
        ) : (
          <TotpSetUp
            enrolment={enrolment}
            onConfirmed={props.onContinue}
            onCancel={() => setEnrolment(null)}
          />
        )}
        {props.stillRequired && !props.checking ? (
          <p role="alert" className="error">
            {text.stillRequired}
          </p>
        ) : null}
        <div className="button-row">
          {props.enrolled || enrolment !== null ? null : (
            <button
              type="button"
              className="button button-primary"
              onClick={props.onContinue}
              aria-disabled={props.checking ? true : undefined}
            >
              {props.checking ? strings.secondFactor.checking : strings.secondFactor.continue}
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={props.onSignOut}>
            {strings.secondFactor.signOut}
          </button>
        </div>
      </section>
    </main>
  );
}

function AddPasskey({ onContinue, locale }: SecondFactorScreenProps & { locale: string }) {
  const { widgetScheme } = useTheme();
  const config = useMemo(() => ({ colorScheme: widgetScheme }), [widgetScheme]);
  const callbacks = useMemo<Callbacks>(
    () => ({
      onEvent: (event) => {
        if (event.type === 'PASSKEY_REGISTER' || event.type === 'PASSKEY_DONE') onContinue();
      },
    }),
    [onContinue],
  );
  return <LocalizedPasskeyRegistration config={config} callbacks={callbacks} locale={locale} />;
}

function ConfirmWithPasskey({ onDone }: { onDone(): void }) {
  const strings = useSignInStrings();
  const { client } = useServices();
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const confirm = async () => {
    if (state === 'working') return;
    setState('working');
    try {
      await confirmWithPasskey(client);
      setState('idle');
      onDone();
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          onClick={() => void confirm()}
          aria-disabled={state === 'working' ? true : undefined}
        >
          {state === 'working' ? strings.confirmFactor.working : strings.confirmFactor.usePasskey}
        </button>
      </div>
      {state === 'failed' ? (
        <p role="alert" className="error">
          {strings.confirmFactor.failed}
        </p>
      ) : null}
    </>
  );
}
