// Issue 26 item 1 (keyboard-navigable): after an in-app navigation focus moves to the new page's h1, so a screen
// reader announces where the operator is and Tab starts from the page. The shell counts navigations (pathname
// changes); a page's heading takes the focus when it mounts after one, or when one happens while it is shown (a
// lazily loaded screen mounts after the address changed, the same screen may stay for another user's page).
import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';

const Navigations = createContext(0);

export function HeadingFocusProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  const [count, setCount] = useState(0);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is a navigation.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setCount((previous) => previous + 1);
  }, [pathname]);
  return <Navigations.Provider value={count}>{children}</Navigations.Provider>;
}

/** Focuses `heading` when it mounts after a navigation, or at each navigation while it is shown. */
export function useHeadingFocus(heading: RefObject<HTMLHeadingElement | null>): void {
  const navigations = useContext(Navigations);
  useEffect(() => {
    if (navigations > 0) heading.current?.focus();
  }, [navigations, heading]);
}
