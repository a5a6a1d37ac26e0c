import { act, cleanup, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  loadWidgetCode,
  type MountedWidget,
  mountLogin,
  mountPasskeyRegistration,
  mountResetPassword,
} from './mount';
import { createFakeClient, fakeUser } from './test-support/fake-client';
import { STYLE_ELEMENT_ATTRIBUTE } from './widget-css';

const mounted: MountedWidget[] = [];

// React's half of mounting is loaded first: these tests are about the synchronous mounts that follow (the first
// mount, before it is there, is pre-paint.test.tsx's).
beforeAll(async () => {
  await loadWidgetCode();
});

beforeEach(() => {
  document.body.innerHTML = '<div id="login"></div><div class="other"></div>';
  for (const style of document.head.querySelectorAll(`style[${STYLE_ELEMENT_ATTRIBUTE}]`)) style.remove();
});

afterEach(() => {
  act(() => {
    for (const widget of mounted.splice(0)) widget.unmount();
  });
  cleanup();
  document.body.innerHTML = '';
});

function track(widget: MountedWidget): MountedWidget {
  mounted.push(widget);
  return widget;
}

function widgetStyles(root: ParentNode): Element[] {
  return [...root.querySelectorAll(`style[${STYLE_ELEMENT_ATTRIBUTE}]`)];
}

describe('mountLogin', () => {
  it('throws when no element matches the selector (SPEC §8)', () => {
    expect(() => mountLogin({ client: createFakeClient(), elementId: '#missing' })).toThrow(
      "mountLogin: no element matches '#missing'",
    );
    expect(() =>
      mountResetPassword({ client: createFakeClient(), elementId: '#missing', passwordResetToken: 't' }),
    ).toThrow(/mountResetPassword: no element matches/);
    expect(() => mountPasskeyRegistration({ client: createFakeClient(), elementId: '#missing' })).toThrow(
      /mountPasskeyRegistration: no element matches/,
    );
  });

  it('throws a clear error for a selector that is not valid CSS', () => {
    expect(() => mountLogin({ client: createFakeClient(), elementId: '#[' })).toThrow(
      /not a valid CSS selector/,
    );
    expect(() => mountLogin({ client: createFakeClient(), elementId: '' })).toThrow(
      /elementId must be a CSS selector/,
    );
  });

  it('renders into the element matched by a CSS selector and injects the stylesheet into head once', async () => {
    const client = createFakeClient();
    act(() => {
      track(mountLogin({ client, elementId: '#login' }));
      track(mountLogin({ client, elementId: 'div.other' }));
    });
    const login = document.querySelector<HTMLElement>('#login')!;
    expect(await within(login).findByLabelText('Email')).toBeTruthy();
    expect(
      await within(document.querySelector<HTMLElement>('.other')!).findByLabelText('Email'),
    ).toBeTruthy();
    expect(widgetStyles(document.head)).toHaveLength(1);
  });

  it('re-renders with new props when mounted again into the same element', async () => {
    const client = createFakeClient();
    act(() => {
      track(mountLogin({ client, elementId: '#login' }));
    });
    const login = document.querySelector<HTMLElement>('#login')!;
    await within(login).findByLabelText('Email');
    act(() => {
      track(mountLogin({ client, elementId: '#login', config: { products: ['passkeys'] } }));
    });
    expect(login.querySelectorAll('[data-gatehouse-widget]')).toHaveLength(1);
    expect(await within(login).findByText(/Cannot use Passkeys by itself/)).toBeTruthy();
    // render_login_screen is logged once: the widget was updated, not mounted anew.
    expect(client.calls.telemetry.filter((call) => call.name === 'render_login_screen')).toHaveLength(1);
  });

  it('unmount() removes the widget', async () => {
    const widget = mountLogin({ client: createFakeClient(), elementId: '#login' });
    const login = document.querySelector<HTMLElement>('#login')!;
    await within(login).findByLabelText('Email');
    act(() => widget.unmount());
    expect(login.querySelector('[data-gatehouse-widget]')).toBeNull();
  });

  it('renders inside a shadow root with its styles there and nothing added to head', async () => {
    const client = createFakeClient();
    act(() => {
      track(mountLogin({ client, elementId: '#login', config: { enableShadowDOM: true } }));
    });
    const login = document.querySelector<HTMLElement>('#login')!;
    const host = login.querySelector<HTMLElement>('[data-gatehouse-shadow-host]')!;
    const shadow = host.shadowRoot!;
    expect(shadow).not.toBeNull();
    const inShadow = within(shadow as unknown as HTMLElement);
    const input = await inShadow.findByLabelText('Email');
    expect(widgetStyles(shadow)).toHaveLength(1);
    expect(widgetStyles(document.head)).toHaveLength(0);
    expect(login.querySelector('[data-gatehouse-widget]')).toBeNull();
    expect(within(login).queryByLabelText('Email')).toBeNull();

    // The widget works inside the shadow root.
    const user = userEvent.setup();
    await user.type(input, 'ada@example.com');
    await user.click(inShadow.getByRole('button', { name: 'Continue with email' }));
    expect(await inShadow.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(client.calls.loginOrCreate).toEqual([{ email: 'ada@example.com', options: { locale: 'en' } }]);
  });
});

describe('mountResetPassword and mountPasskeyRegistration', () => {
  it('mounts the reset-password frame with its configuration check', async () => {
    act(() => {
      track(
        mountResetPassword({
          client: createFakeClient(),
          elementId: '#login',
          passwordResetToken: 'token-1',
        }),
      );
    });
    const login = document.querySelector<HTMLElement>('#login')!;
    expect(
      await within(login).findByText(
        'Error: Cannot use ResetPassword component without the passwords product in the config.',
      ),
    ).toBeTruthy();
  });

  it('mounts passkey registration, which requires a signed-in user', async () => {
    act(() => {
      track(mountPasskeyRegistration({ client: createFakeClient(), elementId: '#login' }));
    });
    const login = document.querySelector<HTMLElement>('#login')!;
    expect(
      await within(login).findByText(
        'Error: Cannot use PasskeyRegistration component without active user authenticated.',
      ),
    ).toBeTruthy();
    act(() => {
      track(
        mountPasskeyRegistration({ client: createFakeClient({ user: fakeUser() }), elementId: 'div.other' }),
      );
    });
    expect(
      await within(document.querySelector<HTMLElement>('.other')!).findByRole('heading', {
        name: 'Set up a new Passkey',
      }),
    ).toBeTruthy();
  });
});
