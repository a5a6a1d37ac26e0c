import { useEffect } from 'react';
import { STRINGS } from './strings';

/** Issue 26 item 1: each screen names itself in the tab (WCAG 2.4.2). */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = STRINGS.documentTitle(page);
  }, [page]);
}
