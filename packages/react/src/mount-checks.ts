// The synchronous checks of plain-page mounting (wire-format.md §7.1, SPEC §8), apart from the React rendering in
// ./mount-react.tsx: the script tag (./script-tag/mount-shim.ts) runs them before its widget module has loaded, so a
// page learns of a missing element or client at the call, exactly as with the npm package. This file imports no
// React: the script tag's first file carries it without the widget.
import { assertBrowser } from './browser';

/** What the checks read of a mount call's options (MountOptions in ./mount.ts). */
export interface MountTargetOptions {
  client: unknown;
  elementId: string;
}

/** The element a CSS selector names; throws outside a browser, for a bad selector and when nothing matches. */
function findMountElement(method: string, elementId: string): Element {
  assertBrowser(method);
  if (typeof elementId !== 'string' || elementId.trim() === '') {
    throw new Error(`${method}: elementId must be a CSS selector such as '#login'.`);
  }
  let element: Element | null;
  try {
    element = document.querySelector(elementId);
  } catch {
    throw new Error(`${method}: elementId '${elementId}' is not a valid CSS selector.`);
  }
  if (element === null) {
    throw new Error(
      `${method}: no element matches '${elementId}'. Add it to the page before mounting the widget.`,
    );
  }
  return element;
}

/** Every check of a mount call, in the order the widget has always made them; returns the element. */
export function checkMountTarget(method: string, options: MountTargetOptions): Element {
  const element = findMountElement(method, options.elementId);
  if (options.client === null || typeof options.client !== 'object') {
    throw new Error(`${method}: client is required (createClient() from @gatehouse/sdk).`);
  }
  return element;
}

/** mountResetPassword's own check, made before the others (outside a browser, that error wins). */
export function checkPasswordResetToken(passwordResetToken: unknown): void {
  if (typeof passwordResetToken !== 'string') {
    assertBrowser('mountResetPassword');
    throw new Error('mountResetPassword: passwordResetToken must be a string.');
  }
}
