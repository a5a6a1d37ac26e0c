// The widget's frame (WidgetRoot) in login mode on a fake client, with `renderScreen` as its only screen: for the
// tests of the pieces every method plugs into (frame.test.tsx, banner.test.tsx).
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { WidgetRoot } from '../widget-root';
import type { WidgetState } from '../widget-state';
import { createFakeClient } from './fake-client';

export function renderFrame(renderScreen: (state: WidgetState) => ReactNode) {
  return render(
    <WidgetRoot
      client={createFakeClient()}
      config={{}}
      styles={undefined}
      callbacks={undefined}
      strings={undefined}
      mode="login"
      initialScreen="main"
      configError={null}
      renderScreen={renderScreen}
    />,
  );
}
