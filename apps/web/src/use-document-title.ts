import { useEffect } from 'react';

/** Sets document.title for the page (each page has its own title, WCAG 2.4.2). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
