// Issue 22 Deliver 4 (WCAG 2.4.3 focus order): after an in-app navigation (a link of the app, or the app moving on
// by itself, e.g. /authenticate → /account after a login link, sign-out → /), focus moves to the new page's
// heading, as a full page load would start a screen reader at the top of the new page. Before this, focus stayed
// on the link that was activated (or fell to <body> when that link went away), so keyboard and screen-reader
// users were left where the old page had been. Not on the first render: the page load owns the initial focus.
// A page that put focus into one of its own fields (the two-step sign-in's code input, SPEC §2: the screen's point
// is the code) keeps it: its effect ran first (children before parents), and the heading would take it away.
// The heading gets tabindex -1 (focusable by script only) and draws no outline (styles.css): it is not a control.
import { type RefObject, useEffect, useRef } from 'react';

export function usePageHeadingFocus(pathname: string, container: RefObject<HTMLElement | null>): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (active?.matches('input, select, textarea') && container.current?.contains(active)) return;
    const heading = container.current?.querySelector<HTMLElement>('h1');
    if (heading === null || heading === undefined) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [pathname, container]);
}
