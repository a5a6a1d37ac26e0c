// Issue 20 item 4 (security-tests.md SS-09; SS-05, WA-08, BF-06 and BF-09 notice parts): security notices. A change
// to how an account signs in (password, passkey, authenticator app, identifiers, recovery codes, a locked method)
// is told to its owner on a channel they proved, with when, from which device and IP, and what to do if it was
// not them. The change's service calls notifySecurityEvent once the change is written; the notice goes out after
// the answer, and a failure to deliver it never fails the change.
import { DEFAULT_LOCALE } from '@gatehouse/protocol';
import type { AppContext, RequestContext } from '../../infra/context';
import { projectDisplayName } from '../../infra/display-name';
import type { SecurityNoticeEvent } from './events';
import { noticeAudience } from './recipients';
import { renderSecurityNotice } from './templates';

export type { SecurityNoticeEvent, SecurityNoticeKind } from './events';
export type { NoticeRecipient } from './recipients';
export { noticeAudience, noticeRecipients } from './recipients';
export type { NoticeFacts, RenderedNotice } from './templates';
export { describeTime, renderSecurityNotice } from './templates';

/** What of the request a notice reads: the project, the caller's address and User-Agent, and its logger. */
export type NoticeRequest = Pick<RequestContext, 'project' | 'ip' | 'userAgent' | 'log'>;

/** Per app: the notices still being looked up or sent (noticesSettled). */
const inFlight = new WeakMap<AppContext, Set<Promise<void>>>();

/**
 * Tells the user, on a channel they proved (a verified e-mail address; a verified phone number when they have no
 * verified address), what changed, when, from which device and IP. Never awaited by the caller's answer: a failed
 * delivery is logged. Call it after the change committed.
 */
export function notifySecurityEvent(
  ctx: AppContext,
  request: NoticeRequest,
  options: { userId: string; event: SecurityNoticeEvent },
): void {
  // The facts are taken now, from the request that made the change; the lookup and sends wait for the answer.
  const facts = {
    projectName: projectDisplayName(request.project),
    at: ctx.clock.now(),
    userAgent: request.userAgent,
    ip: request.ip,
  };
  const { event, userId } = options;
  // TK-05: what failed and which notice, never the recipient's address or the text.
  const failed = (error: unknown, channel: 'email' | 'sms' | null) =>
    request.log.error({ err: error, notice: event.kind, channel }, 'security notice could not be delivered');
  const sending = new Promise<void>((resolve) => setImmediate(resolve))
    .then(async () => {
      // Issue 27 item 2: in the user's stored locale (the last one they asked for explicitly), never the language of
      // the request that made the change — which may be someone else's. Read with the recipients, in one round trip.
      const { recipients, locale } = await noticeAudience(ctx, userId);
      if (recipients.length === 0) return;
      const rendered = renderSecurityNotice(event, facts, locale ?? DEFAULT_LOCALE);
      await Promise.all(
        recipients.map((recipient) =>
          ctx.delivery
            .send(
              recipient.channel === 'email'
                ? { channel: 'email', to: recipient.to, projectId: request.project.id, ...rendered.email }
                : { channel: 'sms', to: recipient.to, projectId: request.project.id, text: rendered.sms },
            )
            .catch((error: unknown) => failed(error, recipient.channel)),
        ),
      );
    })
    .catch((error: unknown) => failed(error, null));
  let pending = inFlight.get(ctx);
  if (pending === undefined) {
    pending = new Set();
    inFlight.set(ctx, pending);
  }
  pending.add(sending);
  const done = pending;
  void sending.finally(() => done.delete(sending));
}

/**
 * Resolves once every notice this app started has been sent or has failed (tests wait on it before saying that
 * nothing was sent; a graceful shutdown may wait on it too).
 */
export async function noticesSettled(ctx: AppContext): Promise<void> {
  const pending = inFlight.get(ctx);
  while (pending !== undefined && pending.size > 0) await Promise.allSettled([...pending]);
}
