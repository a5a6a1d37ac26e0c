// Issue 26 item 2: "they … must hold a passkey or TOTP (set up at first sign-in)". The admin API answers 403
// operator_second_factor_required until the operator's session has shown one: this screen adds a passkey with the
// widget's <PasskeyRegistration>, then asks /me again (on its own after a registration, or by Continue).
import { type Callbacks, PasskeyRegistration } from '@gatehouse/react';
import { useMemo } from 'react';
import { STRINGS } from '../strings';
import { useTheme } from '../theme';
import { useDocumentTitle } from '../use-document-title';

export interface SecondFactorScreenProps {
  checking: boolean;
  /** The server still refused after a Continue. */
  stillRequired: boolean;
  onContinue(): void;
  onSignOut(): void;
}

export function SecondFactorScreen({
  checking,
  stillRequired,
  onContinue,
  onSignOut,
}: SecondFactorScreenProps) {
  useDocumentTitle(STRINGS.secondFactor.title);
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
  return (
    <main className="centered" id="main" data-screen="second-factor">
      <section className="card wide" aria-labelledby="page-heading">
        <p className="product-name">{STRINGS.productName}</p>
        <h1 id="page-heading">{STRINGS.secondFactor.heading}</h1>
        <p>{STRINGS.secondFactor.body}</p>
        <PasskeyRegistration config={config} callbacks={callbacks} />
        {stillRequired && !checking ? (
          <p role="alert" className="error">
            {STRINGS.secondFactor.stillRequired}
          </p>
        ) : null}
        <div className="button-row">
          <button
            type="button"
            className="button button-primary"
            onClick={onContinue}
            aria-disabled={checking ? true : undefined}
          >
            {checking ? STRINGS.secondFactor.checking : STRINGS.secondFactor.continue}
          </button>
          <button type="button" className="button button-secondary" onClick={onSignOut}>
            {STRINGS.secondFactor.signOut}
          </button>
        </div>
      </section>
    </main>
  );
}
