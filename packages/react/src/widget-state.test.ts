import { describe, expect, it } from 'vitest';
import { initialWidgetState, screenOf, type WidgetState, widgetReducer } from './widget-state';

const banner = { variant: 'error' as const, error: { message: 'Nope', helpUrl: null } };

function main(overrides: Partial<WidgetState> = {}): WidgetState {
  return { ...initialWidgetState({ screen: 'main', configError: null }), ...overrides };
}

describe('widget state machine', () => {
  it('starts on the configuration error when there is one', () => {
    expect(initialWidgetState({ screen: 'main', configError: 'passkeys-only' }).screen).toBe('config-error');
  });

  it('walks Main → submitting → EmailConfirmation → Main (SPEC §4)', () => {
    let state = widgetReducer(main(), { type: 'email-submitted', email: 'ada@example.com' });
    expect(state.screen).toBe('main.submitting');
    state = widgetReducer(state, { type: 'email-sent' });
    expect(state).toMatchObject({ screen: 'email-confirmation', email: 'ada@example.com', navigations: 1 });
    state = widgetReducer(state, { type: 'resend-started' });
    expect(state.screen).toBe('email-confirmation.resending');
    expect(state.navigations).toBe(1);
    state = widgetReducer(state, { type: 'resend-finished' });
    state = widgetReducer(state, { type: 'try-again' });
    expect(state).toMatchObject({ screen: 'main', email: '', navigations: 2 });
  });

  it('ignores answers that arrive for a screen that is no longer shown', () => {
    const onMain = main();
    expect(widgetReducer(onMain, { type: 'email-sent' })).toBe(onMain);
    expect(widgetReducer(onMain, { type: 'email-send-failed', banner })).toBe(onMain);
    expect(widgetReducer(onMain, { type: 'resend-finished' })).toBe(onMain);
    const submitting = widgetReducer(onMain, { type: 'email-submitted', email: 'a@b.co' });
    expect(widgetReducer(submitting, { type: 'email-submitted', email: 'c@d.co' })).toBe(submitting);
  });

  it('keeps the configuration error until the configuration is fixed', () => {
    const broken = initialWidgetState({ screen: 'main', configError: 'eml-and-email-otp' });
    expect(widgetReducer(broken, { type: 'back' })).toBe(broken);
    expect(widgetReducer(broken, { type: 'email-submitted', email: 'a@b.co' })).toBe(broken);
    const fixed = widgetReducer(broken, { type: 'configure', configError: null });
    expect(fixed).toMatchObject({ screen: 'main', configError: null });
  });

  it('a failed send returns to Main with the banner and clears it on the next submit', () => {
    const submitting = widgetReducer(main(), { type: 'email-submitted', email: 'a@b.co' });
    const failed = widgetReducer(submitting, { type: 'email-send-failed', banner });
    expect(failed).toMatchObject({ screen: 'main', banner });
    expect(widgetReducer(failed, { type: 'email-submitted', email: 'a@b.co' }).banner).toBeNull();
  });

  it('names sub-states after their screen', () => {
    expect(screenOf('email-confirmation.resending')).toBe('email-confirmation');
    expect(screenOf('main')).toBe('main');
  });
});
