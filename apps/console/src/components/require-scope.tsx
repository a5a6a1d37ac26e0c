import type { ReactNode } from 'react';
import { type Scope, useOperator } from '../console-context';
import { STRINGS } from '../strings';
import { Page } from './states';

/** Issue 26 item 2: a screen the operator's role cannot read says so instead of calling the API to be refused. */
export function RequireScope({
  scope,
  title,
  children,
}: {
  scope: Scope;
  title: string;
  children: ReactNode;
}) {
  const { can } = useOperator();
  if (can(scope)) return <>{children}</>;
  return (
    <Page title={title}>
      <p role="alert" data-state="refused">
        {STRINGS.states.insufficientScope}
      </p>
    </Page>
  );
}

/** The project the screens act on (the shell renders them only when there is one). */
export function useProjectId(): string {
  const { projectId } = useOperator();
  if (projectId === null) throw new Error('a screen rendered without a project');
  return projectId;
}
