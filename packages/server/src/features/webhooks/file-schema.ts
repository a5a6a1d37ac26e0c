// Issue 25 item 2: the `webhooks` member of a project in the project file — "declared in the project file
// (`"webhooks": [{ "url", "secret", "events": ["user.*"] }]`)". infra/config.ts embeds the schema in the project
// schema and calls checkWebhooks after it; this file imports nothing of infra/config.ts, so the two never load in a
// cycle. The production rules (https, no private address literal) are applied when the endpoints are stored
// (endpoints.ts syncFileWebhookEndpoints), where the environment is known.
//
// { "webhooks": [ { "url": "https://hooks.example.com/gatehouse", "secret": "whsec_…", "events": ["user.*"] } ] }
import { type TSchema, Type } from 'typebox';
import { parseWebhookUrl, WebhookUrlRefused } from './address-guard';
import { eventFilterProblem } from './event-filters';
import { webhookSecretKey } from './signature';

/** Endpoints per project in the file; the admin API may add more. */
export const MAX_FILE_WEBHOOKS = 50;

/** An endpoint as the project file declares it (infra/config.ts ProjectDeclaration.webhooks). */
export interface WebhookDeclaration {
  url: string;
  secret: string;
  events: string[];
}

export const WebhooksFileSchema: TSchema = Type.Array(
  Type.Object(
    {
      url: Type.String({
        minLength: 1,
        maxLength: 2048,
        description: 'allowed: an https:// URL (http:// outside production)',
      }),
      // No pattern: a schema error would print the value, and this one is a secret (checkWebhooks says what is
      // wrong without it).
      secret: Type.String({ minLength: 1, maxLength: 200, description: 'allowed: a "whsec_…" secret' }),
      events: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 100,
        description: 'allowed: a non-empty array of event types or filters such as "user.*" or "*"',
      }),
    },
    { additionalProperties: false, description: 'allowed: an object { url, secret, events }' },
  ),
  { maxItems: MAX_FILE_WEBHOOKS, description: `allowed: an array of at most ${MAX_FILE_WEBHOOKS} endpoints` },
);

/** A problem the schema cannot express, with its JSON path below `webhooks`. */
export interface WebhookFileProblem {
  path: string;
  message: string;
}

/** The declarations of a `webhooks` value that passed WebhooksFileSchema, or the first problem. */
export function checkWebhooks(
  entries: ReadonlyArray<{ url: string; secret: string; events: string[] }>,
): { declarations: WebhookDeclaration[] } | { problem: WebhookFileProblem } {
  const declarations: WebhookDeclaration[] = [];
  const urls = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    let url: string;
    try {
      url = parseWebhookUrl(entry.url, { production: false }).href;
    } catch (error) {
      if (!(error instanceof WebhookUrlRefused)) throw error;
      return { problem: { path: `[${index}].url`, message: `is "${entry.url}"; it ${error.message}` } };
    }
    if (urls.has(url)) {
      return {
        problem: {
          path: `[${index}].url`,
          message: `is "${entry.url}", declared twice; URLs must be unique`,
        },
      };
    }
    urls.add(url);
    if (webhookSecretKey(entry.secret) === null) {
      return {
        problem: {
          path: `[${index}].secret`,
          message:
            'is not a usable secret; allowed: "whsec_" followed by the base64 of 24 to 64 random bytes',
        },
      };
    }
    for (const [filterIndex, filter] of entry.events.entries()) {
      const problem = eventFilterProblem(filter);
      if (problem !== null)
        return { problem: { path: `[${index}].events[${filterIndex}]`, message: `is ${problem}` } };
    }
    declarations.push({ url, secret: entry.secret, events: [...new Set(entry.events)] });
  }
  return { declarations };
}
