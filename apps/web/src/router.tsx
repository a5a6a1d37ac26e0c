// A tiny router over the History API (no router library, by design: the app has five routes).
// Paths the server serves as the app shell (packages/server): /, /_app, /account, /authenticate,
// /reset-password. SPEC §2: the application shell is registered at /_app.
import { type AnchorHTMLAttributes, type MouseEvent, type ReactNode, useSyncExternalStore } from 'react';

export type RouteName = 'sign-in' | 'account' | 'authenticate' | 'reset-password' | 'not-found';

const ROUTE_BY_PATH: Record<string, RouteName> = {
  '/': 'sign-in',
  '/_app': 'sign-in',
  '/account': 'account',
  '/authenticate': 'authenticate',
  '/reset-password': 'reset-password',
};

/** Maps a pathname to a route; a trailing slash is ignored (`/account/` is `/account`). */
export function matchRoute(pathname: string): RouteName {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return ROUTE_BY_PATH[normalized] ?? 'not-found';
}

// popstate covers back/forward; our own navigations dispatch the same event so one listener serves both.
function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

function getPathname(): string {
  return window.location.pathname;
}

/** The current pathname, re-rendering on navigation. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, getPathname, () => '/');
}

function getSearch(): string {
  return window.location.search;
}

/** The current query string (with its leading '?', or ''), re-rendering on navigation. */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, getSearch, () => '');
}

export interface NavigateOptions {
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
}

/** Client-side navigation to a path of this app (a path, optionally with query and hash). */
export function navigate(to: string, options: NavigateOptions = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children: ReactNode;
}

/** An anchor that navigates in-app on a plain left click and behaves like a normal link otherwise. */
export function Link({ to, children, onClick, target, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event) || (target && target !== '_self')) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
