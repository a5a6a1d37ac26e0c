// Issue 14 item 3: one parser per provider's export format, each turning a file's text into PortableUsers and
// refusing bad rows one by one (never the whole file). `gatehouse` is our own export (JSON lines of PortableUser,
// item 4). The Stytch, Clerk and Auth0 parsers live beside this file.
import type { ImportSource, ParsedExport } from '../portable-user';
import { parseAuth0Export } from './auth0';
import { parseClerkExport } from './clerk';
import { parseGatehouseExport } from './gatehouse';
import { parseStytchExport } from './stytch';

/** Parses `text`, an export of `source`. Throws only when the whole file is unreadable (not JSON at all, no header). */
export function parseExport(source: ImportSource, text: string): ParsedExport {
  switch (source) {
    case 'gatehouse':
      return parseGatehouseExport(text);
    case 'stytch':
      return parseStytchExport(text);
    case 'clerk':
      return parseClerkExport(text);
    case 'auth0':
      return parseAuth0Export(text);
  }
}

export { parseAuth0Export } from './auth0';
export { clerkDigestToPhc, parseClerkExport } from './clerk';
export { parseGatehouseExport } from './gatehouse';
export { parseStytchExport } from './stytch';
