// Accessibility: each screen's title is a heading; when the screen changes, focus moves to the new screen's
// heading (tabIndex -1) so keyboard and screen-reader users land on it. Not on first render: the page owns the
// initial focus.
import { type ReactNode, useEffect, useRef } from 'react';
import { useWidget } from './widget-context';

export interface ScreenHeadingProps {
  children: ReactNode;
  /** Visually hidden but still the screen's title for assistive technology (styles.hideHeaderText). */
  visuallyHidden?: boolean;
}

export function ScreenHeading({ children, visuallyHidden = false }: ScreenHeadingProps) {
  const { state } = useWidget();
  const ref = useRef<HTMLHeadingElement>(null);
  const focusOnMount = state.navigations > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once, when this screen appears.
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, []);
  return (
    <h2
      ref={ref}
      tabIndex={-1}
      className={visuallyHidden ? 'gh-heading gh-visually-hidden' : 'gh-heading'}
      data-screen-heading=""
    >
      {children}
    </h2>
  );
}
