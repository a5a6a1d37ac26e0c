import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Login } from './login';
import { GatehouseProvider } from './provider';
import { createFakeClient } from './test-support/fake-client';
import { fontStack, resolveStyles, type StyleConfig, themeVariables } from './theme';
import { WIDGET_CSS } from './widget-css';

afterEach(cleanup);

function rootStyle(styles?: StyleConfig): CSSStyleDeclaration {
  const { container } = render(
    <GatehouseProvider client={createFakeClient()}>
      <Login styles={styles} />
    </GatehouseProvider>,
  );
  return container.querySelector<HTMLElement>('[data-gatehouse-widget]')!.style;
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
  '--gh-input-text-color': '#19303D',
  '--gh-input-placeholder-color': '#8296A1',
  '--gh-input-border-color': '#19303D',
  '--gh-input-border-radius': '4px',
  '--gh-font-family': 'Arial, Helvetica, sans-serif',
  '--gh-button-height': '45px',
  '--gh-logo-max-height': '50px',
  '--gh-logo-max-width': '100px',
};

describe('theme', () => {
  it('sets every default on the widget root', () => {
    const style = rootStyle();
    for (const [property, value] of Object.entries(DEFAULTS)) {
      expect([property, style.getPropertyValue(property)]).toEqual([property, value]);
    }
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

  it('defaults input text and border colours to colors.primary', () => {
    const style = rootStyle({ colors: { primary: '#123456' } });
    expect(style.getPropertyValue('--gh-input-text-color')).toBe('#123456');
    expect(style.getPropertyValue('--gh-input-border-color')).toBe('#123456');
    // Buttons keep their own §7.3 defaults.
    expect(style.getPropertyValue('--gh-button-primary-background-color')).toBe('#19303D');
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

  it('reads every custom property it sets from the stylesheet (no dead theme key)', () => {
    for (const property of Object.keys(themeVariables(resolveStyles(undefined)))) {
      expect([property, WIDGET_CSS.includes(`var(${property})`)]).toEqual([property, true]);
    }
  });
});
