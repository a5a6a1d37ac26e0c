// Entry of the client-side services page (/clientside-services/index.html; issue 14 item 1, wire-format.md §8).
//
// Built as a second entry of the web app's Vite build (vite.config.ts) rather than a script of its own bundled for
// the server: the page then ships like every other page of the app (hashed, immutable files under /assets/, built
// by `npm run build`, served by infra/static-web.ts with the origins filled in), with no second build step, and the
// phone parser is the SDK's own module (packages/sdk/src/phone.ts: phone-parse.ts over libphonenumber-js's min metadata) in the
// very chunk the widget's phone form loads lazily, so both parse alike and a browser that has the app cached
// fetches only this entry. Since issue 23 item 4 it loads the metadata of each number's calling code on demand, as
// the widget does (the byte counts below are from before). Measured (vite build, gzip -6): the entry 5.2 kB (2.2 kB gzipped); the page's four
// script files 126.7 kB (32.6 kB gzipped), of which the parser chunk is 120 kB (29.2 kB). The cost to the app's own
// page: two small shared chunks split out (Vite's modulepreload polyfill and the bundler runtime), +0.8 kB
// (+0.5 kB gzipped) over the same bytes as before. The protocol package is not imported (services.ts).
// The SDK's parser module itself (its package exports only the lazy loader, whose helper chunk would come along).
import { loadPhoneMetadata, parsePhoneNumber } from '../../../../packages/sdk/src/phone';
import { createClientsideServices, readAllowedOrigins, readBoundPublicToken } from './services';

const services = createClientsideServices({
  allowedOrigins: readAllowedOrigins(document),
  publicToken: readBoundPublicToken(document),
  apiOrigin: window.location.origin,
  fetch: (input, init) => window.fetch(input, init),
  parsePhoneNumber: async (options) => {
    await loadPhoneMetadata(options);
    return parsePhoneNumber(options);
  },
});
window.addEventListener('message', services.handleMessage);
