// The frame pieces every method plugs into: banner variants, the tabbed form, focus on screen change.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BannerRegion } from './banner';
import { Tabs } from './main/main-screen';
import TabbedForm from './main/tabbed-form';
import { renderFrame } from './test-support/render-frame';
import { useWidget } from './widget-context';
import type { BannerVariant } from './widget-state';

afterEach(cleanup);

function BannerTrigger({ variant }: { variant: BannerVariant }) {
  const { dispatch } = useWidget();
  return (
    <button
      type="button"
      onClick={() =>
        dispatch({
          type: 'show-banner',
          banner: { variant, error: { message: `${variant}!`, helpUrl: null } },
        })
      }
    >
      {`show ${variant}`}
    </button>
  );
}

describe('banner', () => {
  it.each(['error', 'warning', 'success'] as const)(
    'shows the %s variant in the live region',
    async (variant) => {
      renderFrame(() => (
        <>
          <BannerTrigger variant={variant} />
          <BannerRegion />
        </>
      ));
      const region = screen.getByRole('status', { name: '' });
      expect(region.getAttribute('aria-live')).toBe('polite');
      expect(region.textContent).toBe('');
      await userEvent.setup().click(screen.getByRole('button', { name: `show ${variant}` }));
      // Its code comes with the error texts' chunk (banner.tsx), which this trigger did not load beforehand.
      const banner = (await screen.findByText(`${variant}!`)).closest('.gh-banner')!;
      expect(banner.getAttribute('data-variant')).toBe(variant);
      expect(banner.classList.contains(`gh-banner-${variant}`)).toBe(true);
      expect(region.contains(banner)).toBe(true);
    },
  );
});

describe('tabbed form (SPEC §2: tabs only with more than one method)', () => {
  it('switches tabs by click and arrow keys following the ARIA tabs pattern', async () => {
    renderFrame(() => (
      <TabbedForm
        tabs={[
          { id: 'sms', label: 'tabText', section: 'email-magic-links' },
          { id: 'whatsapp', label: 'tabWhatsApp', section: 'email-magic-links' },
          { id: 'email', label: 'tabEmail', section: 'email-magic-links' },
        ]}
      />
    ));
    const user = userEvent.setup();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Text', 'WhatsApp', 'Email']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]?.id);
    await user.click(tabs[2]!);
    expect(tabs[2]?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[2]?.id);
    await user.keyboard('{ArrowRight}');
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tabs[0]);
    await user.keyboard('{ArrowLeft}');
    expect(tabs[2]?.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeTruthy();
  });

  it('draws the tabs (their own chunk) over several methods', async () => {
    renderFrame(() => (
      <Tabs
        tabs={[
          { id: 'sms', label: 'tabText', section: 'email-magic-links' },
          { id: 'email', label: 'tabEmail', section: 'email-magic-links' },
        ]}
      />
    ));
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['Text', 'Email']);
  });

  it('draws a single method without tabs', async () => {
    renderFrame(() => <Tabs tabs={[{ id: 'email', label: 'tabEmail', section: 'email-magic-links' }]} />);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
