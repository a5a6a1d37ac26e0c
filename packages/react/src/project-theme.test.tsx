// Issue 26 "Branding": the project's theme (bootstrap `theme`, set in the console) paints every mount of the widget
// under the page's own `styles` — the page's keys win one by one — from the cached bootstrap at first paint (issue 23
// "paint before the network"), and from the fetched answer once it arrives.
import type { BootstrapData } from '@gatehouse/protocol';
import { DEFAULT_BOOTSTRAP } from '@gatehouse/protocol';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Login } from './login';
import { PasskeyRegistration } from './passkey-registration';
import { GatehouseProvider } from './provider';
import { createFakeClient } from './test-support/fake-client';
import { layerStyles, type StyleConfig } from './theme';

afterEach(cleanup);

const THEME = {
  colors: { primary: '#0A6E3C' },
  container: { width: '360px' },
  buttons: { primary: { backgroundColor: '#0A6E3C' } },
  hideHeaderText: true,
};

function widgetRoot(container: HTMLElement): HTMLElement {
  return container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
}

describe('the project theme', () => {
  it('paints from bootstrap, with the page’s own styles winning key by key', () => {
    const client = createFakeClient({ bootstrap: { theme: THEME } });
    const styles: StyleConfig = { colors: { secondary: '#333333' }, container: { width: '420px' } };
    const { container } = render(
      <GatehouseProvider client={client}>
        <Login styles={styles} />
      </GatehouseProvider>,
    );
    const root = widgetRoot(container);
    expect(root.style.getPropertyValue('--gh-color-primary')).toBe('#0A6E3C');
    expect(root.style.getPropertyValue('--gh-color-secondary')).toBe('#333333');
    expect(root.style.getPropertyValue('--gh-container-width')).toBe('420px');
    expect(root.style.getPropertyValue('--gh-button-primary-background-color')).toBe('#0A6E3C');
    // hideHeaderText from the theme reaches the screens too (the heading stays, for screen readers only).
    expect(container.querySelector('h2')?.className).toContain('gh-visually-hidden');
  });

  it('themes the other modes as well (passkey registration)', () => {
    const client = createFakeClient({ bootstrap: { theme: THEME } });
    const { container } = render(
      <GatehouseProvider client={client}>
        <PasskeyRegistration />
      </GatehouseProvider>,
    );
    expect(widgetRoot(container).style.getPropertyValue('--gh-color-primary')).toBe('#0A6E3C');
  });

  it('paints the defaults until a fetched answer brings a theme, then the theme', async () => {
    const client = createFakeClient();
    let answer: (data: BootstrapData) => void = () => {};
    const fetched = new Promise<BootstrapData>((resolve) => {
      answer = resolve;
    });
    client.bootstrap.get = () => fetched;
    const { container } = render(
      <GatehouseProvider client={client}>
        <Login />
      </GatehouseProvider>,
    );
    expect(widgetRoot(container).style.getPropertyValue('--gh-color-primary')).toBe('');
    await act(async () => answer({ ...DEFAULT_BOOTSTRAP, theme: THEME }));
    expect(widgetRoot(container).style.getPropertyValue('--gh-color-primary')).toBe('#0A6E3C');
  });

  it('layerStyles keeps either side alone and merges nested keys', () => {
    expect(layerStyles(null, undefined)).toBeUndefined();
    expect(layerStyles(THEME, null)).toBe(THEME);
    const styles: StyleConfig = { buttons: { primary: { textColor: '#FFFFFF' } } };
    expect(layerStyles(undefined, styles)).toBe(styles);
    expect(layerStyles(THEME, styles)?.buttons?.primary).toEqual({
      backgroundColor: '#0A6E3C',
      textColor: '#FFFFFF',
    });
  });
});
