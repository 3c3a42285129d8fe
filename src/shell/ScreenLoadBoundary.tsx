/** Shows a screen whose code could not be downloaded (a lazy chunk failed) as an alert with a retry, not a blank page. */
import { Alert, Button, Stack } from '@mantine/core';
import { Component, type ReactNode } from 'react';

interface State {
  readonly error: Error | undefined;
}

export class ScreenLoadBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert color="red" title="This page could not be loaded" role="alert" maw={520}>
        <Stack gap="sm" align="flex-start">
          {error.message}
          {/* React keeps a failed lazy import; a fresh page load fetches the chunks again. */}
          <Button size="xs" variant="light" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
}
