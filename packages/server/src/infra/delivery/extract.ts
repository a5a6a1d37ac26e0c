// Dev outbox helpers (issue 2 "Delivery"): links are the http(s) URLs found in a message's text; codes are the
// standalone 6-digit numbers (SPEC §9 passcode length 6) outside those links.

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/gi;
// Sentence punctuation that follows a URL in prose is not part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;
const CODE_PATTERN = /(?<![\w-])\d{6}(?![\w-])/g;

export function extractLinks(text: string): string[] {
  const links: string[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const link = match[0].replace(TRAILING_PUNCTUATION, '');
    if (!links.includes(link)) links.push(link);
  }
  return links;
}

export function extractCodes(text: string): string[] {
  const withoutLinks = text.replace(URL_PATTERN, ' ');
  const codes: string[] = [];
  for (const match of withoutLinks.matchAll(CODE_PATTERN)) {
    if (!codes.includes(match[0])) codes.push(match[0]);
  }
  return codes;
}
