import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BANNER_CSS } from './banner-message';
import type { LoginConfig } from './config';
import { Login } from './login';
import { GatehouseProvider } from './provider';
import { createFakeClient } from './test-support/fake-client';
import { fontStack, resolveStyles, type StyleConfig, themeVariables } from './theme';
import { TOAST_CSS } from './toasts/toast-css';
import { WIDGET_CSS } from './widget-css';

afterEach(cleanup);

function renderRoot(styles?: StyleConfig, config?: LoginConfig): HTMLElement {
  const { container } = render(
    <GatehouseProvider client={createFakeClient()}>
      <Login styles={styles} config={config} />
    </GatehouseProvider>,
  );
  return container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
}

function rootStyle(styles?: StyleConfig): CSSStyleDeclaration {
  return renderRoot(styles).style;
}

/** The declarations of the first rule whose selector is exactly `selector` (the stylesheet is one rule a line). */
function declarations(selector: string): Map<string, string> {
  const start = WIDGET_CSS.indexOf(`${selector}{`);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = WIDGET_CSS.slice(start + selector.length + 1, WIDGET_CSS.indexOf('}', start));
  const entries = body
    .replace(/\n/g, '')
    .split(';')
    .map((declaration) => declaration.split(':'))
    .map(([name, ...value]) => [name!.trim(), value.join(':').trim()] as [string, string]);
  return new Map(entries);
}

// wire-format.md §7.3 defaults and SPEC §9 sizes.
const DEFAULTS: Record<string, string> = {
  '--gh-container-background-color': '#FFFFFF',
  '--gh-container-border-color': '#ADBCC5',
  '--gh-container-border-radius': '8px',
  '--gh-container-width': '400px',
  '--gh-color-primary': '#19303D',
  '--gh-color-secondary': '#5C727D',
  '--gh-color-success': '#0C5A56',
  '--gh-color-error': '#8B1214',
  '--gh-button-primary-background-color': '#19303D',
  '--gh-button-primary-text-color': '#FFFFFF',
  '--gh-button-primary-border-color': '#19303D',
  '--gh-button-primary-border-radius': '4px',
  '--gh-button-secondary-background-color': '#FFFFFF',
  '--gh-button-secondary-text-color': '#19303D',
  '--gh-button-secondary-border-color': '#19303D',
  '--gh-button-secondary-border-radius': '4px',
  '--gh-input-background-color': 'transparent',
  '--gh-input-text-color': 'var(--gh-color-primary)',
  '--gh-input-placeholder-color': '#8296A1',
  '--gh-input-border-color': 'var(--gh-color-primary)',
  '--gh-input-border-radius': '4px',
  '--gh-font-family': 'Arial, Helvetica, sans-serif',
  '--gh-button-height': '45px',
  '--gh-logo-max-height': '50px',
  '--gh-logo-max-width': '100px',
};

describe('theme', () => {
  it('holds every default in the stylesheet, and the root sets none of them inline', () => {
    // Issue 22 "Themes": inline custom properties win over the stylesheet, so only the integrator's keys are inline.
    const light = declarations('.gh-widget');
    const style = rootStyle();
    for (const [property, value] of Object.entries(DEFAULTS)) {
      expect([property, light.get(property)]).toEqual([property, value]);
      expect([property, style.getPropertyValue(property)]).toEqual([property, '']);
    }
    expect(light.get('color-scheme')).toBe('light');
    expect(resolveStyles(undefined).hideHeaderText).toBe(false);
    expect(resolveStyles(undefined).logo.logoImageUrl).toBe('');
  });

  it('puts each §7.3 key into its own custom property', () => {
    const style = rootStyle({
      container: { backgroundColor: '#000001', borderColor: '#000002', borderRadius: '3px', width: 320 },
      colors: { primary: '#000003', secondary: '#000004', success: '#000005', error: '#000006' },
      buttons: {
        primary: {
          backgroundColor: '#000007',
          textColor: '#000008',
          borderColor: '#000009',
          borderRadius: '1px',
        },
        secondary: {
          backgroundColor: '#00000a',
          textColor: '#00000b',
          borderColor: '#00000c',
          borderRadius: '2px',
        },
      },
      inputs: {
        backgroundColor: '#00000d',
        textColor: '#00000e',
        placeholderColor: '#00000f',
        borderColor: '#000010',
        borderRadius: '5px',
      },
      fontFamily: 'Georgia, serif',
    });
    const expected: Record<string, string> = {
      '--gh-container-background-color': '#000001',
      '--gh-container-border-color': '#000002',
      '--gh-container-border-radius': '3px',
      '--gh-container-width': '320px',
      '--gh-color-primary': '#000003',
      '--gh-color-secondary': '#000004',
      '--gh-color-success': '#000005',
      '--gh-color-error': '#000006',
      '--gh-button-primary-background-color': '#000007',
      '--gh-button-primary-text-color': '#000008',
      '--gh-button-primary-border-color': '#000009',
      '--gh-button-primary-border-radius': '1px',
      '--gh-button-secondary-background-color': '#00000a',
      '--gh-button-secondary-text-color': '#00000b',
      '--gh-button-secondary-border-color': '#00000c',
      '--gh-button-secondary-border-radius': '2px',
      '--gh-input-background-color': '#00000d',
      '--gh-input-text-color': '#00000e',
      '--gh-input-placeholder-color': '#00000f',
      '--gh-input-border-color': '#000010',
      '--gh-input-border-radius': '5px',
      '--gh-font-family': 'Georgia, serif',
    };
    for (const [property, value] of Object.entries(expected)) {
      expect([property, style.getPropertyValue(property)]).toEqual([property, value]);
    }
  });

  it('sets only the keys given; input text and border follow colors.primary through the stylesheet', () => {
    const style = rootStyle({ colors: { primary: '#123456' } });
    expect(style.getPropertyValue('--gh-color-primary')).toBe('#123456');
    expect(style.getPropertyValue('--gh-input-text-color')).toBe('');
    expect(style.getPropertyValue('--gh-button-primary-background-color')).toBe('');
    expect(resolveStyles({ colors: { primary: '#123456' } }).inputs.textColor).toBe('#123456');
  });

  it('marks the root with the colour scheme: light by default, dark or auto when configured', () => {
    expect(renderRoot().dataset.colorScheme).toBe('light');
    cleanup();
    expect(renderRoot(undefined, { colorScheme: 'dark' }).dataset.colorScheme).toBe('dark');
    cleanup();
    expect(renderRoot(undefined, { colorScheme: 'auto' }).dataset.colorScheme).toBe('auto');
    cleanup();
    expect(renderRoot(undefined, { colorScheme: 'sepia' as 'auto' }).dataset.colorScheme).toBe('light');
  });

  it('has a dark set of colours for dark, and the same set under prefers-color-scheme: dark for auto', () => {
    const dark = declarations('.gh-widget[data-color-scheme=dark]');
    const auto = declarations('@media (prefers-color-scheme:dark){.gh-widget[data-color-scheme=auto]');
    expect(auto).toEqual(dark);
    expect(dark.get('color-scheme')).toBe('dark');
    // Colours only: sizes, radii and the font stay the light defaults (or the integrator's).
    for (const property of dark.keys()) {
      expect([property, /radius|width|height|font/.test(property)]).toEqual([property, false]);
    }
    expect(dark.get('--gh-container-background-color')).not.toBe(DEFAULTS['--gh-container-background-color']);
  });

  it('deep-merges partial styles', () => {
    const resolved = resolveStyles({ buttons: { primary: { textColor: '#ABCDEF' } } });
    expect(resolved.buttons.primary).toEqual({
      backgroundColor: '#19303D',
      textColor: '#ABCDEF',
      borderColor: '#19303D',
      borderRadius: '4px',
    });
    expect(resolved.buttons.secondary.backgroundColor).toBe('#FFFFFF');
  });

  it('falls back to Arial, Helvetica, sans-serif after a custom font', () => {
    expect(fontStack('Inter')).toBe('Inter, Arial, Helvetica, sans-serif');
    expect(fontStack('"IBM Plex Sans", system-ui')).toBe('"IBM Plex Sans", system-ui');
    expect(themeVariables(resolveStyles({ fontFamily: 'Inter' }))['--gh-font-family']).toBe(
      'Inter, Arial, Helvetica, sans-serif',
    );
  });

  it('reads every custom property it sets from the stylesheets (no dead theme key)', () => {
    // The main one, and those rendered with what shows only after an action (the banner, the toasts).
    const css = [WIDGET_CSS, BANNER_CSS, TOAST_CSS].join('\n');
    for (const property of Object.keys(themeVariables(resolveStyles(undefined)))) {
      expect([property, css.includes(`var(${property})`)]).toEqual([property, true]);
    }
  });
});
