// Issue 26 item 2: who may see the console. No session: the sign-in screen (the widget). A session: GET /admin/v1/me
// says who the operator is — 403 operator_second_factor_required sends them to set up a passkey or an authenticator
// app first (or to confirm with the one they hold), 401 (the session ended, or this is no operator) signs them out —
// and then the projects the screens act on.
import { useSession } from '@gatehouse/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { AdminApiError, ERROR_TYPES } from './admin-api';
import type { Me, ProjectSummary } from './admin-types';
import { ErrorState, LoadingState } from './components/states';
import { holdsScope, OperatorProvider, type OperatorState, useServices } from './console-context';
import { SecondFactorScreen } from './screens/second-factor-screen';
import { SignInScreen } from './screens/sign-in-screen';
import { STRINGS } from './strings';

export const PROJECT_STORAGE_KEY = 'gatehouse_console_project';
const NO_PROJECTS: ProjectSummary[] = [];

export function AuthGate({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session === null) return <SignInScreen />;
  // A new session (another operator, or the same after signing in again) starts from a fresh /me.
  return <OperatorGate sessionId={session.session_id}>{children}</OperatorGate>;
}

function FullPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="centered" id="main">
      <section className="card" aria-labelledby="page-heading">
        <p className="product-name">{STRINGS.productName}</p>
        <h1 id="page-heading">{title}</h1>
        {children}
      </section>
    </main>
  );
}

function OperatorGate({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  const { api, client } = useServices();
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ['me', sessionId], queryFn: api.me });
  // Continues asked of the second-factor screen: past the first, a refusal says the factor is still missing.
  const [continued, setContinued] = useState(0);

  const signOut = useCallback(async () => {
    try {
      await client.session.revoke({ forceClear: true });
    } finally {
      queryClient.clear();
    }
  }, [client, queryClient]);

  const unauthenticated = me.error instanceof AdminApiError && me.error.status === 401;
  useEffect(() => {
    // The session is over on the server (or is not an operator's): forget it here, which shows the sign-in.
    if (unauthenticated) void signOut();
  }, [unauthenticated, signOut]);

  if (me.isPending || unauthenticated) {
    return (
      <FullPage title={STRINGS.states.loading}>
        <LoadingState />
      </FullPage>
    );
  }
  // GET /me answers before the second factor (its own exemption); everything else waits for it. A route refusing
  // with operator_second_factor_required anyway (the factor was removed meanwhile) lands here too, through /me.
  const factor = me.data?.second_factor ?? null;
  const factorMissing =
    (factor !== null && !factor.in_session) ||
    (me.error instanceof AdminApiError && me.error.errorType === ERROR_TYPES.secondFactorRequired);
  if (factorMissing) {
    return (
      <SecondFactorScreen
        enrolled={factor?.enrolled === true}
        kinds={factor?.kinds}
        checking={me.isFetching}
        onContinue={() => {
          setContinued((count) => count + 1);
          void me.refetch();
        }}
        onSignOut={() => void signOut()}
        stillRequired={continued > 0}
      />
    );
  }
  if (me.isError) {
    return (
      <FullPage title={STRINGS.states.errorHeading}>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </FullPage>
    );
  }
  return (
    <ProjectGate me={me.data} signOut={signOut}>
      {children}
    </ProjectGate>
  );
}

function readStoredProject(): string | null {
  try {
    return window.localStorage.getItem(PROJECT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The projects: those /me names when it names them, else GET /projects for a role holding projects:read. A role
 * without either gets the shell with a message in place of the screens.
 */
function ProjectGate({ me, signOut, children }: { me: Me; signOut(): Promise<void>; children: ReactNode }) {
  const { api } = useServices();
  const listable = me.projects === undefined && holdsScope(me.scopes, 'projects:read');
  const list = useQuery({ queryKey: ['projects'], queryFn: api.projects, enabled: listable });
  const [chosen, setChosen] = useState<string | null>(readStoredProject);

  const projects: ProjectSummary[] = me.projects ?? list.data?.items ?? NO_PROJECTS;
  const projectId = projects.some((project) => project.id === chosen) ? chosen : (projects[0]?.id ?? null);

  const value = useMemo<OperatorState>(
    () => ({
      me,
      projects,
      projectId,
      setProjectId(next) {
        setChosen(next);
        try {
          window.localStorage.setItem(PROJECT_STORAGE_KEY, next);
        } catch {
          // Kept for this page only.
        }
      },
      can: (scope) => holdsScope(me.scopes, scope),
      signOut,
    }),
    [me, projects, projectId, signOut],
  );

  if (listable && list.isPending) {
    return (
      <FullPage title={STRINGS.states.loading}>
        <LoadingState />
      </FullPage>
    );
  }
  if (listable && list.isError) {
    return (
      <FullPage title={STRINGS.states.errorHeading}>
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      </FullPage>
    );
  }
  return <OperatorProvider value={value}>{children}</OperatorProvider>;
}
