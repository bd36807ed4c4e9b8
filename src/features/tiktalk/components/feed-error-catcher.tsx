import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * What the feed shows when something in it breaks (docs/product/listening.md "Short-video
 * feed"): "Something went wrong", the error's message, and Reload App.
 */
export function FeedCrash({ message }: { message: string }) {
  return (
    <div className="tiktalk-crash" role="alert">
      <h1 className="tiktalk-crash__title">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="tiktalk-crash__message">{message}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        <Trans>Reload App</Trans>
      </button>
    </div>
  );
}

/** The feed's global catcher: an error while rendering any part of it lands here. */
export class FeedErrorCatcher extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('short-video feed crashed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? (
      <FeedCrash message={this.state.error.message} />
    ) : (
      this.props.children
    );
  }
}
