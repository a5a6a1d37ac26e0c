// Setup of the react test project (vitest.config.ts). A section the widget loads lazily (a method's chunk) arrives
// after its module is imported, which takes well under a second at rest but passed Testing Library's default
// 1 s wait in a clean-clone run at a load average past 8 ("Unable to find role=button … Login with a Passkey"
// with the section still "Loading…"), and a later one the configuration error's text (main/config-error.tsx) past 5 s,
// four test files importing at once on two cores. findBy* and waitFor wait up to 12 s (the project's test timeout is
// 15 s); a test that fails still fails.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 12_000 });
