// The detected wallets as React state: re-renders when a wallet announces or registers itself later.
import { useSyncExternalStore } from 'react';
import { type DetectedWallet, walletDiscovery } from './wallet-discovery';

export function useDetectedWallets(): readonly DetectedWallet[] {
  const discovery = walletDiscovery();
  return useSyncExternalStore(discovery.subscribe, discovery.getSnapshot, discovery.getSnapshot);
}
