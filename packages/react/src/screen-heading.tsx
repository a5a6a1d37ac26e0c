// Accessibility: each screen's title is a heading; when the screen changes, focus moves to the new screen's
// heading (tabIndex -1) so keyboard and screen-reader users land on it. Not on first render: the page owns the
// initial focus. A screen whose point is a code (OTPAuthenticate, issue 13 item 1) moves focus to its input instead
// (`focusOnOpen={false}`) and names the screen in that input's description, so the change is still announced.
// Issue 22 finding 10: the focused heading draws no outline, not even under :focus-visible (which Chromium matches
// on a script-focused element after a key press, e.g. Enter in a field): a box around a heading nobody can act on
// reads as a bug, and WCAG 2.4.7 asks for a visible indicator on operable components, which keep theirs.
import { type ReactNode, useEffect, useRef } from 'react';
import { useWidget } from './widget-context';

export interface ScreenHeadingProps {
  children: ReactNode;
  /** Visually hidden but still the screen's title for assistive technology (styles.hideHeaderText). */
  visuallyHidden?: boolean;
  /** False when the screen focuses its own control when it opens (a code input); default true. */
  focusOnOpen?: boolean;
  /** For aria-describedby references (the code input names its screen through it). */
  id?: string;
}

export function ScreenHeading({
  children,
  visuallyHidden = false,
  focusOnOpen = true,
  id,
}: ScreenHeadingProps) {
  const { state } = useWidget();
  const ref = useRef<HTMLHeadingElement>(null);
  const focusOnMount = focusOnOpen && state.navigations > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once, when this screen appears.
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, []);
  return (
    <h2
      ref={ref}
      id={id}
      tabIndex={-1}
      className={visuallyHidden ? 'gh-heading gh-visually-hidden' : 'gh-heading'}
      data-screen-heading=""
    >
      {children}
    </h2>
  );
}
