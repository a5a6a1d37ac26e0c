// The crypto method's part of the strings table (DESIGN convention 6; strings.ts explains why it sits here): the
// wallet names, buttons and screens of SPEC §2 with the published Stytch UI's texts, and SPEC §8's two failures.
// Overridden through the widget's `strings` prop or `config.strings` like every other string.
import { useMemo } from 'react';
import { resolveStringTable } from '../../strings';
import { useWidget } from '../../widget-context';

export const CRYPTO_STRINGS = {
  // SPEC §2 Main wallet buttons ('Continue with <wallet>', reusing continueWithProvider), the overflow button and the
  // setup link; SPEC §3/§9 wallet names (the published Stytch UI's texts).
  walletVessel: 'Vessel',
  walletPhantom: 'Phantom',
  walletMetamask: 'Metamask',
  walletCoinbase: 'Coinbase',
  walletBinance: 'Binance',
  walletOtherEthereum: 'Other Ethereum Wallet',
  walletOtherSolana: 'Other Solana Wallet',
  continueWithOtherCryptoWallet: 'Continue with other Crypto Wallet',
  setUpNewCryptoWallet: 'Set up a new crypto wallet',
  // SPEC §2 CryptoOtherScreen (a wallet-connect list).
  cryptoOtherTitle: 'Continue with other wallet',
  // SPEC §2 CryptoSetupWallet (links to five wallet providers).
  cryptoSetupTitle: 'Set up a new crypto wallet',
  cryptoSetupText: 'Signing in with a crypto wallet can help keep your account private and secure.',
  cryptoSetupGetStarted:
    'Get started by downloading any Ethereum or Solana wallet. We’ve included a few examples of wallet extensions you can find below. Once you’ve set up your wallet, you can use it to sign in!',
  // SPEC §2 CryptoConnect and CryptoSignMessage.
  cryptoConnectTitle: 'Connecting to your wallet...',
  cryptoConnectText:
    'Complete sign in by connecting through the wallet pop up in the right corner of your screen.',
  cryptoSignTitle: 'Completing signature request...',
  cryptoSignText:
    'Complete the signature request through the wallet pop up in the right corner of your screen.',
  cryptoTrouble: 'Having trouble? Use the back arrow to return to the main screen and try logging in again.',
  // SPEC §2 CryptoConfirmation and CryptoError.
  cryptoConfirmationTitle: 'Success!',
  cryptoConfirmationText: 'You have successfully connected your wallet.',
  cryptoErrorTitle: 'Looks like there was an error!',
  cryptoErrorText:
    'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
  // SPEC §8 wallet failures (also the `message` handed to onError).
  cryptoConnectFailed: '[Error] Could not connect to wallet',
  cryptoSignFailed: '[Error] Could not sign message',
} as const;

export type CryptoStringKey = keyof typeof CRYPTO_STRINGS;
export type CryptoStrings = { [K in CryptoStringKey]: string };

/** The widget's strings with the crypto defaults resolved against the same overrides. */
export function useCryptoStrings() {
  const { strings, stringOverrides } = useWidget();
  return useMemo(
    () => ({ ...strings, ...resolveStringTable(CRYPTO_STRINGS, stringOverrides) }),
    [strings, stringOverrides],
  );
}
