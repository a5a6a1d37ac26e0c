// The "Confirm it's you" step, loaded when a change first asks for it (bench widget-size: pages that never need it
// never download it).
import { lazy } from 'react';

export const loadReauthenticationStep = () => import('./reauthentication-step');

// Marked pure: a page that imports the package's index but never renders the step does not keep this chunk.
export const ReauthenticationStepScreen = /* @__PURE__ */ lazy(loadReauthenticationStep);
