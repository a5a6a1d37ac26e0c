// The script tag's widget module (issue 21 item 2): an ES module that ./mount-shim.ts loads by dynamic import()
// on the first mount. It is the npm package's own mount code; scripts/lib/script-tag-build.mjs bundles it with
// React and react-dom, splits its lazy screens into further chunks, and points its imports of @gatehouse/sdk (and
// of every other module gatehouse.js already holds) at gatehouse.js's copies, so `instanceof APIError` in the
// widget sees the errors the page's client throws. React's renderer is imported here, with the module: the shim
// already waits for this module, so the mounts below are synchronous (../mount.ts defers it for the npm package).
import * as reactDomClient from 'react-dom/client';
import { provideReactDomClient } from '../mount-react';

provideReactDomClient(reactDomClient);

export { mountLogin, mountPasskeyRegistration, mountResetPassword } from '../mount-react';
