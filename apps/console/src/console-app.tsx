// Issue 26 item 1: the console's providers, outermost first — the services (SDK client, admin API), the theme, the
// widget's provider (the sign-in and passkey screens), TanStack Query (one cache for every admin call), the router.
import { GatehouseProvider } from '@gatehouse/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { AdminApiError } from './admin-api';
import { type ConsoleServices, ServicesProvider } from './console-context';
import type { ConsoleRouter } from './router';
import { STRINGS } from './strings';
import { ThemeProvider } from './theme';

/**
 * Retries: a network failure or a 5xx once; never a 4xx (a refusal says something the operator must see at once,
 * and a 403 asking for a second factor or a recent sign-in is handled by the screens).
 */
export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 1 && !(error instanceof AdminApiError && error.status >= 400 && error.status < 500),
        staleTime: 15_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export interface ConsoleAppProps {
  services: ConsoleServices;
  router: ConsoleRouter;
  queryClient?: QueryClient;
}

export function ConsoleApp({ services, router, queryClient }: ConsoleAppProps) {
  const [client] = useState(() => queryClient ?? createConsoleQueryClient());
  return (
    <ServicesProvider services={services}>
      <ThemeProvider>
        <GatehouseProvider client={services.client}>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </GatehouseProvider>
      </ThemeProvider>
    </ServicesProvider>
  );
}

/** Shown when the page carries no public token (opened without the server, or no operators project). */
export function ConfigurationError() {
  return (
    <main className="centered">
      <section className="card" aria-labelledby="page-heading">
        <h1 id="page-heading">{STRINGS.configurationError.heading}</h1>
        <p>{STRINGS.configurationError.body}</p>
      </section>
    </main>
  );
}
