// The crypto screens (SPEC §2), loaded on demand as one lazy component: they are reached only after a wallet
// button or link on Main, which loaded the shared wallet code already.
import { lazy } from 'react';

export const CryptoScreen = lazy(() => import('./crypto-screens'));
