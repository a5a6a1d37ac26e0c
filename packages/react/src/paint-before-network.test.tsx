// Issue 23 item 2 "Paint before the network": the widget paints its form from the configuration and the cached
// bootstrap (or the defaults) while the bootstrap request is still open, and the answer changes nothing that was
// painted above it: the 'Powered by' line keeps its place from the first paint whenever the answer may show it.
import { DEFAULT_BOOTSTRAP } from '@gatehouse/protocol';
import { createClient } from '@gatehouse/sdk';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WidgetClient } from './client-contract';
import { loadWidgetCode, type MountedWidget, mountLogin } from './mount';
import { createFakeClient, deferred } from './test-support/fake-client';

const PUBLIC_TOKEN = 'public-token-test-00000000-0000-4000-8000-000000000000';
const BOOTSTRAP_KEY = `gatehouse_sdk_state_${PUBLIC_TOKEN}::bootstrap`;

/** Bootstrap as the server answers it (wire-format.md §4.11), the watermark as given. */
function bootstrapAnswer(showWatermark: boolean): Response {
  const data = {
    request_id: 'request-id-test',
    status_code: 200,
    disable_sdk_watermark: !showWatermark,
    cname_domain: null,
    email_domains: [],
    captcha_settings: { enabled: false },
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: false,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: null,
    dfp_protected_auth_enabled: false,
    dfp_protected_auth_mode: 'OBSERVATION',
    rbac_policy: null,
  };
  return new Response(JSON.stringify({ data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** The real SDK client whose bootstrap request stays open until `answer` is called; other calls never answer. */
function clientWithHeldBootstrap() {
  const held = deferred<Response>();
  let bootstrapRequests = 0;
  const fetch = ((input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/sdk/v1/projects/bootstrap/')) {
      bootstrapRequests += 1;
      return held.promise;
    }
    return new Promise<Response>(() => {});
  }) as typeof globalThis.fetch;
  const client = createClient(PUBLIC_TOKEN, { baseUrl: 'https://auth.example.com', dependencies: { fetch } });
  return {
    client: client as unknown as WidgetClient,
    dispose: () => client.dispose(),
    bootstrapRequests: () => bootstrapRequests,
    answer: async (response: Response) => {
      await act(async () => {
        held.resolve(response);
        await client.bootstrap.get();
      });
    },
  };
}

const mounted: MountedWidget[] = [];

// React's half of mounting is loaded first: these tests are about the synchronous mounts that follow (the first
// mount, before it is there, is pre-paint.test.tsx's).
beforeAll(async () => {
  await loadWidgetCode();
});

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<div id="login"></div><p id="below">Below the widget</p>';
});

afterEach(() => {
  act(() => {
    for (const widget of mounted.splice(0)) widget.unmount();
  });
  cleanup();
  localStorage.clear();
  document.body.innerHTML = '';
});

const emailInput = () => document.querySelector<HTMLInputElement>('#login input[type="email"]');
const watermark = () => document.querySelector<HTMLElement>('#login .gh-watermark');

/** Lets the mount's queued render run, as the end of the page's script task does: no act, no React scheduler. */
const endOfTask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('paint before the network (issue 23 item 2)', () => {
  it('mountLogin puts the form in the document by the end of the calling task, bootstrap still open', async () => {
    const page = clientWithHeldBootstrap();
    mounted.push(mountLogin({ client: page.client, elementId: '#login' }));
    await endOfTask();
    expect(page.bootstrapRequests()).toBe(1);
    expect(emailInput()).not.toBeNull();
    expect(document.querySelector('#login [data-state="main"]')).not.toBeNull();
    page.dispose();
  });

  it('keeps the watermark line from the first paint when nothing is cached, and fills it when bootstrap says so', async () => {
    const page = clientWithHeldBootstrap();
    act(() => {
      mounted.push(mountLogin({ client: page.client, elementId: '#login' }));
    });
    const input = emailInput();
    expect(input).not.toBeNull();
    // Nothing known yet: the line is there, blank and hidden from assistive technology.
    expect(watermark()?.textContent).toBe('\u00a0');
    expect(watermark()?.getAttribute('aria-hidden')).toBe('true');
    await page.answer(bootstrapAnswer(true));
    expect(watermark()?.textContent).toBe('Powered by Gatehouse');
    expect(watermark()?.hasAttribute('aria-hidden')).toBe(false);
    // Reconciled in place: the same input element, nothing remounted.
    expect(emailInput()).toBe(input);
    expect(JSON.parse(localStorage.getItem(BOOTSTRAP_KEY) ?? 'null')).toMatchObject({
      displayWatermark: true,
    });
    page.dispose();
  });

  it('keeps the line blank for this mount when the first answer turns the watermark off', async () => {
    const page = clientWithHeldBootstrap();
    act(() => {
      mounted.push(mountLogin({ client: page.client, elementId: '#login' }));
    });
    await page.answer(bootstrapAnswer(false));
    expect(watermark()?.textContent).toBe('\u00a0');
    expect(document.querySelector('#login')?.textContent).not.toContain('Powered by');
    page.dispose();
  });

  it('paints from the cached bootstrap, then takes the answer (the cached line stays, blank)', async () => {
    localStorage.setItem(BOOTSTRAP_KEY, JSON.stringify({ ...DEFAULT_BOOTSTRAP, displayWatermark: true }));
    const page = clientWithHeldBootstrap();
    act(() => {
      mounted.push(mountLogin({ client: page.client, elementId: '#login' }));
    });
    expect(watermark()?.textContent).toBe('Powered by Gatehouse');
    await page.answer(bootstrapAnswer(false));
    expect(watermark()?.textContent).toBe('\u00a0');
    expect(JSON.parse(localStorage.getItem(BOOTSTRAP_KEY) ?? 'null')).toMatchObject({
      displayWatermark: false,
    });
    page.dispose();
  });

  it('draws no watermark line at all when the cached answer says off and the new one agrees', async () => {
    localStorage.setItem(BOOTSTRAP_KEY, JSON.stringify({ ...DEFAULT_BOOTSTRAP, displayWatermark: false }));
    const page = clientWithHeldBootstrap();
    act(() => {
      mounted.push(mountLogin({ client: page.client, elementId: '#login' }));
    });
    expect(emailInput()).not.toBeNull();
    expect(watermark()).toBeNull();
    await page.answer(bootstrapAnswer(false));
    expect(watermark()).toBeNull();
    page.dispose();
  });

  it('a later mount into the same element wins over the earlier one queued in the same task', async () => {
    const client = createFakeClient();
    mounted.push(mountLogin({ client, elementId: '#login', config: { products: ['passkeys'] } }));
    mounted.push(mountLogin({ client, elementId: '#login' }));
    await act(async () => {
      await endOfTask();
    });
    expect(emailInput()).not.toBeNull();
    expect(document.querySelector('#login')?.textContent).not.toContain('Cannot use Passkeys by itself');
  });
});
