import { useEffect } from 'react';

/** Sets the tab title while a page is shown, e.g. 'Services Management | Admin Dashboard'. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export const adminTitle = (page: string) => `${page} | Admin Dashboard`;
