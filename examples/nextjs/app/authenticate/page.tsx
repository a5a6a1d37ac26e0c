'use client';
import { useAuthenticateFromUrl } from '@gatehouse/react';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { ClientOnlyGatehouse } from '../gatehouse';

export default function AuthenticatePage() {
  return (
    <>
      <h1>Signing in</h1>
      <ClientOnlyGatehouse>
        <Redeem />
      </ClientOnlyGatehouse>
    </>
  );
}

/** Redeems the login link's token, then goes home (replacing this entry, so Back does not replay the link). */
function Redeem() {
  const state = useAuthenticateFromUrl();
  const router = useRouter();
  useEffect(() => {
    if (state.status === 'success') router.replace('/');
  }, [state.status, router]);
  if (state.status === 'error') return <p role="alert">{state.error}</p>;
  return <p role="status">Signing you in…</p>;
}
