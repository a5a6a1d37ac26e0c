// A script against the Gatehouse admin API through a client generated from its OpenAPI document: `npm run generate`
// writes src/admin-api.d.ts from GET /admin/v1/openapi.json (openapi-typescript), and openapi-fetch types every
// call, parameter and answer by it, so `npm run build` fails when the document and this script disagree.
//
// It makes a read-only key, adds a redirect URL to the first project that is not declared in a project file, and
// lists that project's webhook endpoints with the new key; it prints what it did as one JSON line.
import createClient from 'openapi-fetch';
import type { paths } from './admin-api.js';

const baseUrl = `${process.env.GATEHOUSE_URL ?? 'http://localhost:3000'}/admin/v1`;
const adminKey = process.env.GATEHOUSE_ADMIN_KEY;
if (adminKey === undefined)
  throw new Error('Set GATEHOUSE_ADMIN_KEY (the server’s ADMIN_API_KEY or a key with its scopes).');

const admin = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${adminKey}` } });

const projects = await admin.GET('/projects');
if (projects.data === undefined)
  throw new Error(`listing projects failed: ${JSON.stringify(projects.error)}`);
const project = projects.data.items.find((item) => !item.from_project_file);
if (project === undefined) throw new Error('every project is declared in the project file');

const redirectUrl = process.env.EXAMPLE_REDIRECT_URL ?? 'https://app.example.com/authenticate';
const changed = await admin.PATCH('/projects/{project_id}', {
  params: { path: { project_id: project.id } },
  body: { allowed_redirect_urls: [...new Set([...project.allowed_redirect_urls, redirectUrl])] },
});
if (changed.data === undefined)
  throw new Error(`changing the project failed: ${JSON.stringify(changed.error)}`);

const made = await admin.POST('/api-keys', {
  body: { name: 'example read-only key', scopes: ['projects:read', 'webhooks:read'] },
});
if (made.data === undefined) throw new Error(`making a key failed: ${JSON.stringify(made.error)}`);

const reader = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${made.data.key}` } });
const webhooks = await reader.GET('/projects/{project_id}/webhooks', {
  params: { path: { project_id: project.id } },
});
// The read-only key may not change anything: the API answers 403.
const refused = await reader.PATCH('/projects/{project_id}', {
  params: { path: { project_id: project.id } },
  body: { name: 'renamed by a read-only key' },
});

console.log(
  JSON.stringify({
    project_id: project.id,
    redirect_urls: changed.data.project.allowed_redirect_urls,
    key_prefix: made.data.api_key.prefix,
    key_scopes: made.data.api_key.scopes,
    webhook_endpoints: webhooks.data?.items.length ?? null,
    refused_status: refused.response.status,
    refused_error_type: refused.error?.error_type ?? null,
  }),
);
