'use client';
// The Gatehouse client lives only in the browser (the SDK and the widget refuse to run on the server), so the
// provider renders its children once the page has hydrated. One client for the page, whichever page mounts first.
import { GatehouseProvider } from '@gatehouse/react';
import { createClient, type GatehouseClient } from '@gatehouse/sdk';
import { type ReactNode, useEffect, useState } from 'react';

let client: GatehouseClient | null = null;

function browserClient(): GatehouseClient {
  client ??= createClient(process.env.NEXT_PUBLIC_GATEHOUSE_PUBLIC_TOKEN!, {
    baseUrl: process.env.NEXT_PUBLIC_GATEHOUSE_URL,
  });
  return client;
}

export function ClientOnlyGatehouse({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState<GatehouseClient | null>(null);
  useEffect(() => setReady(browserClient()), []);
  if (ready === null) return <p role="status">Loading…</p>;
  return <GatehouseProvider client={ready}>{children}</GatehouseProvider>;
}
// docs/embedding.md quotes this file down to here; the docs test (scripts/docs/docs.test.ts) fails when the quote
// and the file part.

/** Where login links land (this app's /authenticate page). */
export function redirectUrl(): string {
  return `${window.location.origin}/authenticate`;
}
