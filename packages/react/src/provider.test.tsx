import type { Session } from '@gatehouse/protocol';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatehouseProvider, useGatehouse, useSession, useUser } from './provider';
import { createFakeClient, type FakeClient, fakeUser } from './test-support/fake-client';

afterEach(cleanup);

function wrapperFor(client: FakeClient) {
  return ({ children }: { children: ReactNode }) => (
    <GatehouseProvider client={client}>{children}</GatehouseProvider>
  );
}

function Name() {
  const user = useUser();
  return <p>{user === null ? 'signed out' : user.user_id}</p>;
}

const session = { session_id: 'session-test-1', user_id: 'user-test-1' } as Session;

describe('hooks', () => {
  it('useGatehouse returns the provider client and throws outside a provider', () => {
    const client = createFakeClient();
    expect(renderHook(() => useGatehouse(), { wrapper: wrapperFor(client) }).result.current).toBe(client);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useGatehouse())).toThrow(/inside <GatehouseProvider>/);
    errors.mockRestore();
  });

  it('useUser follows the client user changes and unsubscribes on unmount', () => {
    const client = createFakeClient();
    const { result, unmount } = renderHook(() => useUser(), { wrapper: wrapperFor(client) });
    expect(result.current).toBeNull();
    const user = fakeUser();
    act(() => client.setUser(user));
    expect(result.current).toBe(user);
    act(() => client.setUser(null));
    expect(result.current).toBeNull();
    unmount();
    expect(() => client.setUser(user)).not.toThrow();
  });

  it('useSession starts from the stored session and follows changes (e.g. another tab signing out)', () => {
    const client = createFakeClient();
    client.setSession(session);
    const { result } = renderHook(() => useSession(), { wrapper: wrapperFor(client) });
    expect(result.current).toBe(session);
    act(() => client.setSession(null));
    expect(result.current).toBeNull();
  });

  it('re-renders components that read the user', () => {
    const client = createFakeClient();
    render(<Name />, { wrapper: wrapperFor(client) });
    expect(screen.getByText('signed out')).toBeTruthy();
    act(() => client.setUser(fakeUser({ user_id: 'user-test-42' })));
    expect(screen.getByText('user-test-42')).toBeTruthy();
  });
});
