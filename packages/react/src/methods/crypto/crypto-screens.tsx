// SPEC §2 crypto screens with the published Stytch UI's texts: CryptoConnect, CryptoSignMessage, CryptoOtherScreen,
// CryptoSetupWallet, CryptoConfirmation and CryptoError. Every back arrow returns to Main (SPEC §2); on the two
// waiting screens it also drops the running attempt (./crypto-flow).
import type { ComponentType } from 'react';
import { BackButton } from '../../back-button';
import { ScreenHeading } from '../../screen-heading';
import { useWidget } from '../../widget-context';
import type { CryptoScreen as CryptoScreenState } from '../../widget-state';
import { cancelWalletSignIn } from './crypto-flow';
import { useCryptoStrings } from './crypto-strings';
import { useDetectedWallets } from './use-detected-wallets';
import { SetUpWalletLink, WalletButton } from './wallet-buttons';
import { socialProviderCount, splitWallets, walletButtonCap } from './wallet-options';

function CancellingBackButton() {
  const { dispatch } = useWidget();
  return <BackButton onBack={() => cancelWalletSignIn(dispatch)} />;
}

/** SPEC §2 CryptoConnect: 'Connecting to your wallet...' while the wallet asks for the account. */
export function CryptoConnect() {
  const strings = useCryptoStrings();
  return (
    <>
      <CancellingBackButton />
      <ScreenHeading>{strings.cryptoConnectTitle}</ScreenHeading>
      <div className="gh-verifying" aria-busy="true">
        <span className="gh-spinner" aria-hidden="true" />
      </div>
      <p className="gh-text">{strings.cryptoConnectText}</p>
      <p className="gh-text">{strings.cryptoTrouble}</p>
    </>
  );
}

/** SPEC §2 CryptoSignMessage: 'Completing signature request...' while the wallet signs the challenge. */
export function CryptoSignMessage() {
  const strings = useCryptoStrings();
  return (
    <>
      <CancellingBackButton />
      <ScreenHeading>{strings.cryptoSignTitle}</ScreenHeading>
      <div className="gh-verifying" aria-busy="true">
        <span className="gh-spinner" aria-hidden="true" />
      </div>
      <p className="gh-text">{strings.cryptoSignText}</p>
      <p className="gh-text">{strings.cryptoTrouble}</p>
    </>
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
