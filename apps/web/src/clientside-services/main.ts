// Entry of the client-side services page (/clientside-services/index.html; issue 14 item 1, wire-format.md §8).
//
// Built as a second entry of the web app's Vite build (vite.config.ts) rather than a script of its own bundled for
// the server: the page then ships like every other page of the app (hashed, immutable files under /assets/, built
// by `npm run build`, served by infra/static-web.ts with the origins filled in), and the phone parser is the SDK's
// own lazily loaded chunk — the very file the widget's phone form loads, so both parse alike and a browser that
// has the app cached fetches only this entry. The entry itself is a few kilobytes; the parser chunk (libphonenumber-js
// with its min metadata) is requested as the page starts, before the UI's first message (figures: bench note in
// the commit that added this file).
// The SDK's parser module itself (its package exports only the lazy loader, whose helper chunk would come along).
import { parsePhoneNumber } from '../../../../packages/sdk/src/phone';
import { createClientsideServices, readAllowedOrigins } from './services';

const services = createClientsideServices({
  allowedOrigins: readAllowedOrigins(document),
  apiOrigin: window.location.origin,
  fetch: (input, init) => window.fetch(input, init),
  parsePhoneNumber: async (options) => parsePhoneNumber(options),
});
window.addEventListener('message', services.handleMessage);
