import { useEffect } from 'react';

/** Keeps the tab title right after in-app navigation (the server sets it for the first paint). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
