// SPEC §2 Main: logo, header, the sections in their fixed order (main/sections.ts), the banner, and the
// configuration errors in place of the form.
import { lazy, Suspense, useMemo } from 'react';
import { BannerRegion } from '../banner';
import { ScreenHeading } from '../screen-heading';
import { useWidget } from '../widget-context';
import { type FormTab, mainLayout, preloadSection, type SectionId, sectionComponent } from './sections';

const ConfigError = lazy(() => import('./config-error'));
// Tabs show only with more than one e-mail/phone method (SPEC §2), whose forms are lazy chunks anyway: the tabs'
// code waits with them, out of the default configuration's first load (issue 23 item 4, bench/widget-size.ts).
const TabbedForm = lazy(() => import('./tabbed-form'));

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
          <Tabs tabs={layout.tabs} />
          {layout.passkey !== null ? <Section id={layout.passkey} /> : null}
          <BannerRegion />
        </>
      )}
    </>
  );
}

/** The e-mail/phone group: one method's form alone, or the tabs (a lazy chunk) over several. */
export function Tabs({ tabs }: { tabs: FormTab[] }) {
  const { strings } = useWidget();
  const first = tabs[0];
  if (first === undefined) return null;
  if (tabs.length === 1) return <Section id={first.section} />;
  // The first tab's form loads beside the tabs' code, not after it.
  preloadSection(first.section);
  return (
    <Suspense fallback={<SectionPlaceholder label={strings.loadingSection} />}>
      <TabbedForm tabs={tabs} />
    </Suspense>
  );
}

function SectionPlaceholder({ label }: { label: string }) {
  return (
    <div className="gh-section-placeholder" aria-busy="true">
      <span className="gh-visually-hidden">{label}</span>
    </div>
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

export function Section({ id }: { id: SectionId }) {
  const { strings } = useWidget();
  const Component = sectionComponent(id);
  if (Component === null) return null;
  return (
    <div className="gh-section" data-section={id}>
      <Suspense fallback={<SectionPlaceholder label={strings.loadingSection} />}>
        <Component />
      </Suspense>
    </div>
  );
}
