// Issue 22 finding 10: the favicon. The app's mark (a gatehouse in white on the primary colour, SPEC §9 #19303D)
// as an SVG at /favicon.svg, which apps/web/index.html and the pages the server writes itself (the dev outbox)
// link with <link rel="icon">. /favicon.ico answers the same image: browsers, bookmarks and crawlers ask for it
// on their own whenever a page names no icon (a JSON answer, a page opened before its HTML arrived), and a 404 there
// was the "no favicon" of the finding. Served in every environment, with or without a web build; the copy in
// apps/web/public/favicon.svg (for Vite's dev server) is checked against this one in favicon.test.ts.
import type { FastifyInstance } from 'fastify';

export const FAVICON_PATH = '/favicon.svg';
export const FAVICON_ICO_PATH = '/favicon.ico';

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Gatehouse</title><rect width="32" height="32" rx="6" fill="#19303D"/><path d="M9 27V13l7-6 7 6v14h-5v-7h-4v7z" fill="#fff"/></svg>
`;

/** The tag a server-written page puts in its <head>. */
export const FAVICON_LINK_TAG = `<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`;

export async function registerFavicon(app: FastifyInstance): Promise<void> {
  for (const path of [FAVICON_PATH, FAVICON_ICO_PATH]) {
    // A day: the mark seldom changes, and a changed one is picked up the next day without a rename.
    app.get(path, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON_SVG),
    );
  }
}
