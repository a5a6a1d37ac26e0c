// The "Confirm it's you" step, loaded when a change first asks for it (bench widget-size: pages that never need it
// never download it).
import { lazy } from 'react';

export const loadReauthenticationStep = () => import('./reauthentication-step');

export const ReauthenticationStepScreen = lazy(loadReauthenticationStep);
