// SPEC §2 crypto screens with the published Stytch UI's texts: CryptoConnect, CryptoSignMessage, CryptoOtherScreen,
// CryptoSetupWallet, CryptoConfirmation and CryptoError. Every back arrow returns to Main (SPEC §2); on the two
// waiting screens it also drops the running attempt (./crypto-flow). Issue 20 item 3: the two waiting screens show
// "Confirm it's you" in place of their contents when the server asks for it (crypto-flow.ts says when).
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { BackButton } from '../../back-button';
import { isReauthenticationCancelled } from '../../reauthentication/reauthentication-errors';
import { ReauthenticationFrame } from '../../reauthentication/reauthentication-frame';
import { useReauthentication } from '../../reauthentication/use-reauthentication';
import { ScreenHeading } from '../../screen-heading';
import { useScreenDispatch, useWidget } from '../../widget-context';
import type { CryptoScreen as CryptoScreenState } from '../../widget-state';
import { type ConfirmItsYou, cancelWalletSignIn, offerConfirmation, type WaitingScreen } from './crypto-flow';
import { useCryptoStrings } from './crypto-strings';
import { CRYPTO_TRANSITIONS } from './crypto-transitions';
import { useDetectedWallets } from './use-detected-wallets';
import { SetUpWalletLink, WalletButton } from './wallet-buttons';
import { socialProviderCount, splitWallets, walletButtonCap } from './wallet-options';

function CancellingBackButton() {
  const dispatch = useScreenDispatch(CRYPTO_TRANSITIONS);
  return <BackButton onBack={() => cancelWalletSignIn(dispatch)} />;
}

/**
 * A waiting screen: offers "Confirm it's you" to the running attempt (crypto-flow.ts) and shows the step in place of
 * its contents while one is open. The refusal in hand opens the step (the guard's first try rethrows it rather than
 * asking the server again); Cancel ends the attempt and returns to Main, like the back arrow.
 */
function Waiting({ screen, children }: { screen: WaitingScreen; children: ReactNode }) {
  const dispatch = useScreenDispatch(CRYPTO_TRANSITIONS);
  const { request, guard } = useReauthentication();
  useEffect(() => {
    const confirm: ConfirmItsYou = async (refusal, call) => {
      let first: { error: unknown } | null = { error: refusal };
      try {
        return await guard(() => {
          if (first === null) return call();
          const { error } = first;
          first = null;
          return Promise.reject(error);
        });
      } catch (error) {
        if (isReauthenticationCancelled(error)) {
          cancelWalletSignIn(dispatch);
          dispatch({ type: 'back' });
        }
        throw error;
      }
    };
    return offerConfirmation(dispatch, screen, confirm);
  }, [dispatch, screen, guard]);
  return <ReauthenticationFrame request={request}>{children}</ReauthenticationFrame>;
}

/** SPEC §2 CryptoConnect: 'Connecting to your wallet...' while the wallet asks for the account. */
export function CryptoConnect() {
  const strings = useCryptoStrings();
  return (
    <Waiting screen="crypto-connect">
      <CancellingBackButton />
      <ScreenHeading>{strings.cryptoConnectTitle}</ScreenHeading>
      <div className="gh-verifying" aria-busy="true">
        <span className="gh-spinner" aria-hidden="true" />
      </div>
      <p className="gh-text">{strings.cryptoConnectText}</p>
      <p className="gh-text">{strings.cryptoTrouble}</p>
    </Waiting>
  );
}

/** SPEC §2 CryptoSignMessage: 'Completing signature request...' while the wallet signs the challenge. */
export function CryptoSignMessage() {
  const strings = useCryptoStrings();
  return (
    <Waiting screen="crypto-sign-message">
      <CancellingBackButton />
      <ScreenHeading>{strings.cryptoSignTitle}</ScreenHeading>
      <div className="gh-verifying" aria-busy="true">
        <span className="gh-spinner" aria-hidden="true" />
      </div>
      <p className="gh-text">{strings.cryptoSignText}</p>
      <p className="gh-text">{strings.cryptoTrouble}</p>
    </Waiting>
  );
}

/** SPEC §2 CryptoOtherScreen: the wallets past Main's cap, then the set-up link. */
export function CryptoOther() {
  const { config, products } = useWidget();
  const strings = useCryptoStrings();
  const wallets = useDetectedWallets();
  const { other } = splitWallets(wallets, walletButtonCap(socialProviderCount(config, products)));
  return (
    <>
      <BackButton />
      <ScreenHeading>{strings.cryptoOtherTitle}</ScreenHeading>
      <div className="gh-button-stack gh-crypto">
        {other.map((wallet) => (
          <WalletButton key={wallet.id} wallet={wallet} variant="other" />
        ))}
        <SetUpWalletLink />
      </div>
    </>
  );
}

/** SPEC §2 CryptoSetupWallet: links to five wallet providers (the published UI's five, in its order). */
export const SETUP_WALLET_LINKS = [
  { name: 'walletVessel', href: 'https://www.vessel.xyz/' },
  { name: 'walletMetamask', href: 'https://metamask.io/' },
  { name: 'walletPhantom', href: 'https://phantom.app/' },
  { name: 'walletCoinbase', href: 'https://www.coinbase.com/wallet' },
  { name: 'walletBinance', href: 'https://www.bnbchain.world/en/binance-wallet' },
] as const;

export function CryptoSetupWallet() {
  const strings = useCryptoStrings();
  return (
    <>
      <BackButton />
      <ScreenHeading>{strings.cryptoSetupTitle}</ScreenHeading>
      <p className="gh-text">{strings.cryptoSetupText}</p>
      <p className="gh-text">{strings.cryptoSetupGetStarted}</p>
      <div className="gh-inbox-links">
        {SETUP_WALLET_LINKS.map((link) => (
          <a
            key={link.href}
            className="gh-button gh-button-secondary"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {strings[link.name]}
            <span className="gh-visually-hidden"> {strings.opensInNewTab}</span>
          </a>
        ))}
      </div>
    </>
  );
}

/** SPEC §2 CryptoConfirmation: 'Success!' / 'You have successfully connected your wallet.' */
export function CryptoConfirmation() {
  const strings = useCryptoStrings();
  return (
    <>
      <ScreenHeading>{strings.cryptoConfirmationTitle}</ScreenHeading>
      <p className="gh-text">{strings.cryptoConfirmationText}</p>
    </>
  );
}

/** SPEC §2 CryptoError with SPEC §8's failure ('[Error] Could not connect to wallet' / '… sign message'). */
export function CryptoError() {
  const { state } = useWidget();
  const strings = useCryptoStrings();
  const failure =
    state.crypto.failure === 'sign'
      ? strings.cryptoSignFailed
      : state.crypto.failure === 'connect'
        ? strings.cryptoConnectFailed
        : null;
  return (
    <>
      <BackButton />
      <ScreenHeading>{strings.cryptoErrorTitle}</ScreenHeading>
      {failure !== null ? <p className="gh-field-error">{failure}</p> : null}
      <p className="gh-text">{strings.cryptoErrorText}</p>
    </>
  );
}

const SCREENS: Record<CryptoScreenState, ComponentType> = {
  'crypto-connect': CryptoConnect,
  'crypto-sign-message': CryptoSignMessage,
  'crypto-other': CryptoOther,
  'crypto-setup-wallet': CryptoSetupWallet,
  'crypto-confirmation': CryptoConfirmation,
  'crypto-error': CryptoError,
};

/** The screen router's one entry for every crypto screen (login.tsx). */
export default function CryptoScreen() {
  const { state } = useWidget();
  const Screen = SCREENS[state.screen as CryptoScreenState] ?? null;
  return Screen === null ? null : <Screen />;
}
