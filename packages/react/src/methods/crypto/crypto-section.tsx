// SPEC §2 Main wallet buttons: 'Continue with <wallet>' for each detected wallet, at most 6 − social providers − 1
// of them (SPEC §9); the rest behind 'Continue with other Crypto Wallet' (CryptoOtherScreen). As in the published
// Stytch UI, that button takes the place of the 'Set up a new crypto wallet' link, which CryptoOtherScreen then
// shows. Loaded lazily by the section registry (main/sections.ts): wallet discovery starts only when the crypto
// product is on.
import { useScreenDispatch, useWidget } from '../../widget-context';
import { useCryptoStrings } from './crypto-strings';
import { CRYPTO_TRANSITIONS } from './crypto-transitions';
import { useDetectedWallets } from './use-detected-wallets';
import { SetUpWalletLink, WalletButton } from './wallet-buttons';
import { socialProviderCount, splitWallets, walletButtonCap } from './wallet-options';

export default function CryptoSection() {
  const { config, products } = useWidget();
  const dispatch = useScreenDispatch(CRYPTO_TRANSITIONS);
  const strings = useCryptoStrings();
  const wallets = useDetectedWallets();
  const { main, other } = splitWallets(wallets, walletButtonCap(socialProviderCount(config, products)));
  return (
    <div className="gh-button-stack gh-crypto">
      {main.map((wallet) => (
        <WalletButton key={wallet.id} wallet={wallet} variant="main" />
      ))}
      {other.length > 0 ? (
        <button
          type="button"
          className="gh-button gh-button-secondary gh-wallet-button"
          onClick={() => dispatch({ type: 'crypto-other-opened' })}
        >
          {strings.continueWithOtherCryptoWallet}
        </button>
      ) : (
        <SetUpWalletLink />
      )}
    </div>
  );
}
