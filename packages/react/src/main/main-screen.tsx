// SPEC §2 Main: logo, header, the sections in their fixed order (main/sections.ts), the banner, and the
// configuration errors in place of the form.
import { type KeyboardEvent, lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { BannerRegion } from '../banner';
import { ScreenHeading } from '../screen-heading';
import { useWidget } from '../widget-context';
import { type FormTab, type FormTabId, mainLayout, type SectionId, sectionComponent } from './sections';

const ConfigError = lazy(() => import('./config-error'));

export function MainScreen() {
  const { config, products, styles, strings, state } = useWidget();
  const layout = useMemo(() => mainLayout({ config, products }), [config, products]);
  return (
    <>
      <Logo />
      <ScreenHeading visuallyHidden={styles.hideHeaderText}>{strings.mainHeader}</ScreenHeading>
      {state.configError !== null ? (
        <Suspense fallback={null}>
          <ConfigError kind={state.configError} />
        </Suspense>
      ) : (
        <>
          {layout.social !== null ? <Section id={layout.social} /> : null}
          {layout.wallets !== null ? <Section id={layout.wallets} /> : null}
          {layout.divider ? (
            <div className="gh-divider" data-section="divider">
              {strings.dividerText}
            </div>
          ) : null}
          {layout.tabs.length > 0 ? <TabbedForm tabs={layout.tabs} /> : null}
          {layout.passkey !== null ? <Section id={layout.passkey} /> : null}
          <BannerRegion />
        </>
      )}
    </>
  );
}

export function Logo() {
  const { styles, strings } = useWidget();
  if (styles.logo.logoImageUrl === '') return null;
  // SPEC §2 / §9: at most 50px high and 100px wide (CSS custom properties --gh-logo-max-*).
  return (
    <div className="gh-logo">
      <img src={styles.logo.logoImageUrl} alt={strings.logoAlt} />
    </div>
  );
}

function Section({ id }: { id: SectionId }) {
  const { strings } = useWidget();
  const Component = sectionComponent(id);
  if (Component === null) return null;
  return (
    <div className="gh-section" data-section={id}>
      <Suspense
        fallback={
          <div className="gh-section-placeholder" aria-busy="true">
            <span className="gh-visually-hidden">{strings.loadingSection}</span>
          </div>
        }
      >
        <Component />
      </Suspense>
    </div>
  );
}

/** SPEC §2: tabs Text, WhatsApp and Email, shown only when more than one method is enabled (ARIA tabs pattern). */
export function TabbedForm({ tabs }: { tabs: FormTab[] }) {
  const { strings, dispatch, locale } = useWidget();
  const baseId = useId();
  const [selected, setSelected] = useState<FormTabId | null>(null);
  const tabRefs = useRef(new Map<FormTabId, HTMLButtonElement>());
  const first = tabs[0];
  if (first === undefined) return null;
  if (tabs.length === 1) return <Section id={first.section} />;
  const current = tabs.find((tab) => tab.id === selected) ?? first;
  const select = (id: FormTabId) => {
    if (id === current.id) return;
    setSelected(id);
    // A field error belongs to the tab it was made in.
    dispatch({ type: 'tab-changed' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current.id);
    // Issue 27 item 3: the tabs run right to left in Arabic, so the arrow keys move the other way (WAI-ARIA tabs).
    const step =
      (event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0) * (locale === 'ar' ? -1 : 1);
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (next === undefined) return;
    select(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  return (
    <div className="gh-tabbed-form" data-section="form">
      <div className="gh-tabs" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element !== null) tabRefs.current.set(tab.id, element);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            className="gh-tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => select(tab.id)}
          >
            {strings[tab.label]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${current.id}`}>
        <Section key={current.id} id={current.section} />
      </div>
    </div>
  );
}
