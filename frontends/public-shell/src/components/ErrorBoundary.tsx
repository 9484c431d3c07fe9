import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

interface Props {
  children: ReactNode;
  /** When this changes (the path), a shown error is cleared. */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** docs/public-site.md#pages-and-routes error fallback. React has no hook for this, hence a class. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorScreen message={this.state.error.message} /> : this.props.children;
  }
}
