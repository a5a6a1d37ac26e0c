// Issue 26 item 1: the console calls only the admin API. Every call carries the operator's session as
// `Authorization: Bearer <session_token>` (the SDK's opaque token) and comes back as parsed JSON or an
// AdminApiError with the wire-format.md §3.2 fields, which the screens switch on (error_type).
import type {
  AdminApiKey,
  EventRecord,
  ImportSource,
  ImportSummary,
  Me,
  Operator,
  OutboxMessage,
  Page,
  ProjectChanges,
  ProjectDetail,
  ProjectSummary,
  RedirectUrlCheck,
  RoleDescription,
  SecurityStats,
  Stats,
  SystemHealth,
  UserDetail,
  UserMethod,
  UserPatch,
  UserSummary,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
} from './admin-types';

export const ADMIN_API_PREFIX = '/admin/v1';

/** An answer of the admin API other than 2xx (or no answer at all: status 0, error_type `network`). */
export class AdminApiError extends Error {
  readonly status: number;
  readonly errorType: string;
  readonly requestId: string | null;
  constructor(fields: { status: number; errorType: string; message: string; requestId?: string | null }) {
    super(fields.message);
    this.name = 'AdminApiError';
    this.status = fields.status;
    this.errorType = fields.errorType;
    this.requestId = fields.requestId ?? null;
  }
}

/** The error types the console handles on its own (the other helper's operators feature answers them). */
export const ERROR_TYPES = {
  secondFactorRequired: 'operator_second_factor_required',
  reauthenticationRequired: 'reauthentication_required',
  insufficientScope: 'insufficient_scope',
} as const;

export function errorTypeOf(error: unknown): string | null {
  return error instanceof AdminApiError ? error.errorType : null;
}

type QueryValue = string | number | boolean | readonly string[] | undefined | null;

export interface AdminApiOptions {
  fetch: typeof fetch;
  /** The operator's opaque session token, or null when signed out. */
  sessionToken(): string | null;
  /** Origin of the server; '' for this one. */
  baseUrl?: string;
}

export interface UserListQuery {
  q?: string;
  status?: 'active' | 'pending';
  blocked?: boolean;
  created_after?: string;
  created_before?: string;
  // Issue 26 item 3: the list's further filters and its order.
  method?: UserMethod;
  verified?: boolean;
  last_sign_in_after?: string;
  last_sign_in_before?: string;
  /** `key=value`. */
  trusted_metadata?: string;
  untrusted_metadata?: string;
  sort?: 'created_at' | 'last_sign_in_at';
  order?: 'asc' | 'desc';
  cursor?: string;
  limit?: number;
}

export interface EventListQuery {
  type?: string[];
  user_id?: string;
  ip?: string;
  actor?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

export function queryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const each of value) params.append(key, each);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function createAdminApi(options: AdminApiOptions) {
  const base = `${(options.baseUrl ?? '').replace(/\/+$/, '')}${ADMIN_API_PREFIX}`;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const text = await (await send(method, path, body)).text();
    try {
      return (text === '' ? null : JSON.parse(text)) as T;
    } catch {
      return null as T;
    }
  }

  /** A file the API answers (an export): its body as a Blob and the file name it suggests. */
  async function download(path: string): Promise<{ blob: Blob; fileName: string | null }> {
    const response = await send('GET', path, undefined, '*/*');
    const disposition = response.headers.get('content-disposition') ?? '';
    return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  }

  /** The answer when it is 2xx; else (or with no answer at all) an AdminApiError with the wire-format fields. */
  async function send(
    method: string,
    path: string,
    body: unknown,
    accept = 'application/json',
  ): Promise<Response> {
    const headers: Record<string, string> = { accept };
    const token = options.sessionToken();
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await options.fetch(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        credentials: 'same-origin',
      });
    } catch (cause) {
      throw new AdminApiError({
        status: 0,
        errorType: 'network',
        message: cause instanceof Error ? cause.message : String(cause),
      });
    }
    if (!response.ok) {
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text === '' ? null : JSON.parse(text);
      } catch {
        json = null;
      }
      const fields = (json ?? {}) as Record<string, unknown>;
      throw new AdminApiError({
        status: response.status,
        errorType: typeof fields.error_type === 'string' ? fields.error_type : `http_${response.status}`,
        message: typeof fields.error_message === 'string' ? fields.error_message : response.statusText,
        requestId: typeof fields.request_id === 'string' ? fields.request_id : null,
      });
    }
    return response;
  }

  const project = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;
  const user = (projectId: string, userId: string) =>
    `${project(projectId)}/users/${encodeURIComponent(userId)}`;

  return {
    me: () => call<Me>('GET', '/me'),
    projects: () => call<{ items: ProjectSummary[] }>('GET', '/projects'),
    users: (projectId: string, query: UserListQuery) =>
      call<Page<UserSummary>>('GET', `${project(projectId)}/users${queryString({ ...query })}`),
    user: (projectId: string, userId: string) => call<UserDetail>('GET', user(projectId, userId)),
    block: (projectId: string, userId: string, reason: string) =>
      call<{ user_id: string }>('POST', `${user(projectId, userId)}/block`, { reason }),
    unblock: (projectId: string, userId: string) =>
      call<{ user_id: string }>('POST', `${user(projectId, userId)}/unblock`, {}),
    revokeSession: (projectId: string, userId: string, sessionId: string) =>
      call<{ session_id: string }>(
        'DELETE',
        `${user(projectId, userId)}/sessions/${encodeURIComponent(sessionId)}`,
      ),
    revokeAllSessions: (projectId: string, userId: string) =>
      call<{ revoked_session_ids: string[] }>('DELETE', `${user(projectId, userId)}/sessions`),
    sendLoginLink: (projectId: string, userId: string) =>
      call<{ email: string }>('POST', `${user(projectId, userId)}/login-link`, {}),
    requirePasswordReset: (projectId: string, userId: string) =>
      call<{ email: string }>('POST', `${user(projectId, userId)}/require-password-reset`, {}),
    deleteUser: (projectId: string, userId: string) =>
      call<{ user_id: string }>('DELETE', user(projectId, userId)),
    events: (projectId: string, query: EventListQuery) =>
      call<Page<EventRecord>>('GET', `${project(projectId)}/events${queryString({ ...query })}`),
    event: (projectId: string, eventId: string) =>
      call<{ event: EventRecord }>('GET', `${project(projectId)}/events/${encodeURIComponent(eventId)}`),
    /** Every event matching the filters as a CSV or NDJSON file (the range's `from`/`to`, no cursor). */
    exportEvents: (
      projectId: string,
      query: Omit<EventListQuery, 'cursor' | 'limit'>,
      format: 'csv' | 'ndjson',
    ) => download(`${project(projectId)}/events/export${queryString({ ...query, format })}`),
    stats: (projectId: string, query: { from?: string; to?: string; interval?: 'day' | 'hour' }) =>
      call<Stats>('GET', `${project(projectId)}/stats${queryString({ ...query })}`),
    // Issue 26 item 3 (Projects and settings).
    project: (projectId: string) => call<{ project: ProjectDetail }>('GET', project(projectId)),
    updateProject: (projectId: string, changes: ProjectChanges) =>
      call<{ project: ProjectDetail }>('PATCH', project(projectId), changes),
    checkRedirectUrl: (projectId: string, body: { url: string; allowed_redirect_urls?: string[] }) =>
      call<RedirectUrlCheck>('POST', `${project(projectId)}/redirect-url-check`, body),
    ...messageCalls(call, project),
    ...webhookCalls(call, project),
    // Issue 26 "Branding": the project's `theme` setting (null removes it).
    publishTheme: (projectId: string, theme: unknown) =>
      call<{ project: ProjectDetail }>('PATCH', project(projectId), { settings: { theme } }),
    ...operatorCalls(call, download, project),
    // Issue 26 item 3 (Security and System).
    security: (projectId: string, query: { from?: string; to?: string }) =>
      call<SecurityStats>('GET', `${project(projectId)}/security${queryString({ ...query })}`),
    system: () => call<SystemHealth>('GET', '/system'),
    ...userCalls(call, user),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export interface MessageListQuery {
  to?: string;
  channel?: OutboxMessage['channel'];
  status?: OutboxMessage['status'];
  limit?: number;
}

/** Issue 26 item 3 (Messages): the message log and the resend (a fresh login link, messages-routes.ts). */
function messageCalls(call: Call, project: (projectId: string) => string) {
  const message = (projectId: string, messageId: string) =>
    `${project(projectId)}/messages/${encodeURIComponent(messageId)}`;
  return {
    messages: (projectId: string, query: MessageListQuery) =>
      call<{ items: OutboxMessage[] }>('GET', `${project(projectId)}/messages${queryString({ ...query })}`),
    resendMessage: (projectId: string, messageId: string) =>
      call<{ message_id: string; user_id: string; email: string }>(
        'POST',
        `${message(projectId, messageId)}/resend`,
        {},
      ),
  };
}

export interface DeliveryListQuery {
  endpoint_id?: string;
  status?: WebhookDeliveryStatus;
  cursor?: string;
  limit?: number;
}

/** Issue 26 item 3 (Webhooks): endpoints, their secret, test, replay, and the delivery log. */
function webhookCalls(call: Call, project: (projectId: string) => string) {
  const endpoint = (projectId: string, endpointId: string) =>
    `${project(projectId)}/webhooks/${encodeURIComponent(endpointId)}`;
  return {
    webhooks: (projectId: string) =>
      call<{ items: WebhookEndpoint[] }>('GET', `${project(projectId)}/webhooks`),
    createWebhook: (projectId: string, body: { url: string; events: string[] }) =>
      call<{ endpoint: WebhookEndpoint; secret: string }>('POST', `${project(projectId)}/webhooks`, body),
    updateWebhook: (projectId: string, endpointId: string, body: { url?: string; events?: string[] }) =>
      call<{ endpoint: WebhookEndpoint }>('PATCH', endpoint(projectId, endpointId), body),
    deleteWebhook: (projectId: string, endpointId: string) =>
      call<{ endpoint: WebhookEndpoint }>('DELETE', endpoint(projectId, endpointId)),
    enableWebhook: (projectId: string, endpointId: string) =>
      call<{ endpoint: WebhookEndpoint }>('POST', `${endpoint(projectId, endpointId)}/enable`, {}),
    rotateWebhookSecret: (projectId: string, endpointId: string) =>
      call<{ secret: string }>('POST', `${endpoint(projectId, endpointId)}/secret`, { rotate: true }),
    testWebhook: (projectId: string, endpointId: string) =>
      call<{ delivery: WebhookDelivery }>('POST', `${endpoint(projectId, endpointId)}/test`, {}),
    replayWebhook: (
      projectId: string,
      endpointId: string,
      body: { from: string; to: string; statuses?: WebhookDeliveryStatus[] },
    ) => call<{ queued: number }>('POST', `${endpoint(projectId, endpointId)}/replay`, body),
    webhookDeliveries: (projectId: string, query: DeliveryListQuery) =>
      call<Page<WebhookDelivery>>(
        'GET',
        `${project(projectId)}/webhook-deliveries${queryString({ ...query })}`,
      ),
    retryDelivery: (projectId: string, deliveryId: string) =>
      call<{ delivery: WebhookDelivery }>(
        'POST',
        `${project(projectId)}/webhook-deliveries/${encodeURIComponent(deliveryId)}/replay`,
        {},
      ),
  };
}

/** The users list's filters that the export takes too (GET …/users/export). */
export interface UserExportQuery {
  q?: string;
  status?: 'active' | 'pending';
  blocked?: boolean;
}

/** Issue 26 (Operators and API keys, Import and export): operators, admin API keys, import and export. */
function operatorCalls(
  call: Call,
  download: (path: string) => Promise<{ blob: Blob; fileName: string | null }>,
  project: (projectId: string) => string,
) {
  const operator = (operatorId: string) => `/operators/${encodeURIComponent(operatorId)}`;
  return {
    operators: () => call<{ items: Operator[]; roles: RoleDescription[] }>('GET', '/operators'),
    addOperator: (body: { email: string; role: string }) =>
      call<{ operator: Operator }>('POST', '/operators', body),
    changeOperatorRole: (operatorId: string, role: string) =>
      call<{ operator: Operator }>('PATCH', operator(operatorId), { role }),
    removeOperator: (operatorId: string) => call<{ operator: Operator }>('DELETE', operator(operatorId)),
    apiKeys: () => call<{ items: AdminApiKey[] }>('GET', '/api-keys'),
    createApiKey: (body: { name: string; scopes: string[] }) =>
      call<{ api_key: AdminApiKey; key: string }>('POST', '/api-keys', body),
    revokeApiKey: (keyId: string) =>
      call<{ api_key: AdminApiKey }>('DELETE', `/api-keys/${encodeURIComponent(keyId)}`),
    importUsers: (projectId: string, body: { from: ImportSource; data: string; dry_run: boolean }) =>
      call<ImportSummary>('POST', `${project(projectId)}/imports`, body),
    exportUsers: (projectId: string, query: UserExportQuery) =>
      download(`${project(projectId)}/users/export${queryString({ ...query })}`),
  };
}

/** Issue 26 item 3 (User detail): the metadata editor and removing one factor (users-routes.ts, users-actions-routes.ts). */
function userCalls(call: Call, user: (projectId: string, userId: string) => string) {
  return {
    updateUser: (projectId: string, userId: string, patch: UserPatch) =>
      call<UserDetail>('PATCH', user(projectId, userId), patch),
    removeFactor: (projectId: string, userId: string, factorId: string) =>
      call<{ user_id: string; factor_id: string; kind: string }>(
        'DELETE',
        `${user(projectId, userId)}/factors/${encodeURIComponent(factorId)}`,
      ),
  };
}
