import { createContext, useContext, type ReactNode } from 'react';
import type { PageState } from './page-state';

const PageStateContext = createContext<PageState | null>(null);

export function PageStateProvider({ state, children }: { state: PageState; children: ReactNode }) {
  return <PageStateContext.Provider value={state}>{children}</PageStateContext.Provider>;
}

export function usePageState(): PageState {
  const state = useContext(PageStateContext);
  if (!state) throw new Error('usePageState must be used inside <PageStateProvider>');
  return state;
}
