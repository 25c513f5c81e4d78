import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` instead of a lazily loaded part whose code could not be fetched (offline, or a
 * deployment replaced the file), so the rest of the screen keeps working.
 */
export class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('a part of the screen failed to load', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
