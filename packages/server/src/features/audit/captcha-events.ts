// Issue 26 item 3 (Security: "captcha issued/solved/failed and current difficulty"): the two captcha events that are
// not refusals. A challenge handed out is `captcha.issued { action, max_counter }` (its work: the difficulty the
// console shows), an accepted token `captcha.solved { action }`; a refused one is the `captcha.required { action,
// reason }` of refusal-events.ts. Nothing else changes with them, so they go straight to the database.
import type { AppContext, RequestContext } from '../../infra/context';
import { recordEvent } from './record-event';

type CaptchaEventRequest = Pick<RequestContext, 'project' | 'ip' | 'userAgent' | 'requestId' | 'session'>;

function common(request: CaptchaEventRequest) {
  const userId = request.session?.userId ?? null;
  return {
    projectId: request.project.id,
    actor: userId === null ? ({ type: 'anonymous' } as const) : ({ type: 'user', id: userId } as const),
    subjectUserId: userId,
    request,
  };
}

export async function recordCaptchaIssued(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  request: CaptchaEventRequest,
  options: { action: string; maxCounter: number },
): Promise<void> {
  await recordEvent(
    ctx.db,
    {
      ...common(request),
      type: 'captcha.issued',
      payload: { action: options.action, max_counter: options.maxCounter },
    },
    ctx.clock.now(),
  );
}

export async function recordCaptchaSolved(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  request: CaptchaEventRequest,
  action: string,
): Promise<void> {
  await recordEvent(
    ctx.db,
    { ...common(request), type: 'captcha.solved', payload: { action } },
    ctx.clock.now(),
  );
}
