// Issue 25 item 2: webhooks by the Standard Webhooks specification.
export type { DeliveryTarget, HostResolver, ResolvedAddress } from './address-guard';
export {
  forbiddenRange,
  parseWebhookUrl,
  resolveDeliveryTarget,
  systemResolver,
  WebhookUrlRefused,
} from './address-guard';
export type { WebhookBacklog } from './backlog';
export { WEBHOOK_BACKLOG_STATEMENTS, webhookBacklog } from './backlog';
export type { WebhookDelivery, WebhookDeliveryStatus } from './deliveries';
export {
  getWebhookDelivery,
  listWebhookDeliveries,
  replayWebhookDeliveries,
  replayWebhookDelivery,
  sendWebhookTestEvent,
  WEBHOOK_TEST_EVENT_TYPE,
} from './deliveries';
export type { WebhookContext, WebhookEndpoint } from './endpoints';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  reencryptWebhookSecrets,
  syncFileWebhookEndpoints,
  updateWebhookEndpoint,
  webhookEndpointSecret,
} from './endpoints';
export { enqueueWebhookDeliveries, webhookBody } from './enqueue';
export { eventFilterProblem } from './event-filters';
export type { WebhookDeclaration } from './file-schema';
export { checkWebhooks, WebhooksFileSchema } from './file-schema';
export { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders, webhookSecretKey } from './signature';
export type { DeliveryCycleReport, WebhookWorker, WebhookWorkerDeps } from './worker';
export {
  createWebhookWorker,
  DELIVERY_LEASE_MS,
  DISABLE_AFTER_FAILING_MS,
  deliverDueWebhooks,
  RETRY_DELAYS_MS,
  webhookWorkerDeps,
} from './worker';
