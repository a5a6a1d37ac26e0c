// SPEC §2 Main's tabs (Text, WhatsApp, Email), when more than one e-mail/phone method is on: the ARIA tabs pattern
// over the sections of ./main-screen.tsx. A chunk of its own, loaded with the tabbed forms (./main-screen.tsx).
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useWidget } from '../widget-context';
import { Section } from './main-screen';
import type { FormTab, FormTabId } from './sections';

/** SPEC §2: tabs Text, WhatsApp and Email, shown only when more than one method is enabled (ARIA tabs pattern). */
export default function TabbedForm({ tabs }: { tabs: FormTab[] }) {
  const { strings, dispatch, locale } = useWidget();
  const baseId = useId();
  const [selected, setSelected] = useState<FormTabId | null>(null);
  const tabRefs = useRef(new Map<FormTabId, HTMLButtonElement>());
  const first = tabs[0];
  if (first === undefined) return null;
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
