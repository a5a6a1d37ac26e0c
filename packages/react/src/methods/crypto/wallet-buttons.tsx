// SPEC §2 Main wallet buttons and CryptoOtherScreen's list: one button per detected wallet, starting the flow of
// SPEC §4 (./crypto-flow) on click.
import { formatString } from '../../strings';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { startWalletSignIn } from './crypto-flow';
import { useCryptoStrings } from './crypto-strings';
import { CRYPTO_TRANSITIONS } from './crypto-transitions';
import type { DetectedWallet } from './wallet-discovery';
import { walletName } from './wallet-options';

/** `variant` main: 'Continue with <wallet>'; other: the wallet's name alone (the published UI's other-wallet list). */
export function WalletButton({ wallet, variant }: { wallet: DetectedWallet; variant: 'main' | 'other' }) {
  const widget = useWidget();
  const dispatch = useScreenDispatch(CRYPTO_TRANSITIONS);
  const strings = useCryptoStrings();
  const name = walletName(wallet, strings);
  return (
    <button
      type="button"
      className="gh-button gh-button-secondary gh-wallet-button"
      data-wallet={wallet.option}
      onClick={() => void startWalletSignIn({ ...widget, dispatch, strings }, wallet)}
    >
      {variant === 'main' ? formatString(strings.continueWithProvider, { provider: name }) : name}
    </button>
  );
}

/** SPEC §2: 'Set up a new crypto wallet' (an in-widget step to CryptoSetupWallet, hence a button). */
export function SetUpWalletLink() {
  const dispatch = useScreenDispatch(CRYPTO_TRANSITIONS);
  const strings = useCryptoStrings();
  return (
    <button
      type="button"
      className="gh-link-button"
      onClick={() => dispatch({ type: 'crypto-setup-opened' })}
    >
      {strings.setUpNewCryptoWallet}
    </button>
  );
}
