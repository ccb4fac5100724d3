// Keeps a failing page (or a page chunk that could not be downloaded) from blanking the console: says what went wrong, offers a retry.
import { Component, type ReactNode } from "react";

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="panel panel-danger" role="alert">
        <h2>This page failed</h2>
        <p className="mono">{this.state.error.message}</p>
        <button type="button" className="btn" onClick={() => this.setState({ error: null })}>
          Try again
        </button>{" "}
        {/* A page chunk that failed to download is only fetched again by a reload. */}
        <button type="button" className="btn" onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
