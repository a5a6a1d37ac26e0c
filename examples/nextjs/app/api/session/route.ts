// Verifies the visitor's Gatehouse session on this app's server: the session JWT the SDK keeps in the
// `gatehouse_session_jwt` cookie, checked with jose against the project's keys (GET /v1/sessions/jwks/{project_id}),
// its issuer (the Gatehouse server's URL) and audience (the project id). No call to Gatehouse per request: the
// key set is fetched once and cached by jose. A JWT lives 5 minutes; the SDK refreshes it while the page is open.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { cookies } from 'next/headers';

const GATEHOUSE_URL = process.env.NEXT_PUBLIC_GATEHOUSE_URL ?? 'http://localhost:3000';
const PROJECT_ID = process.env.GATEHOUSE_PROJECT_ID ?? '';
const keys = createRemoteJWKSet(new URL(`/v1/sessions/jwks/${PROJECT_ID}`, GATEHOUSE_URL));

interface GatehouseSessionClaims {
  'https://stytch.com/session'?: { id: string; expires_at: string };
}

export async function GET() {
  const jwt = (await cookies()).get('gatehouse_session_jwt')?.value;
  if (jwt === undefined) return Response.json({ error: 'not signed in' }, { status: 401 });
  try {
    const { payload } = await jwtVerify<GatehouseSessionClaims>(jwt, keys, {
      issuer: GATEHOUSE_URL,
      audience: PROJECT_ID,
    });
    const session = payload['https://stytch.com/session'];
    return Response.json({
      user_id: payload.sub,
      session_id: session?.id ?? null,
      expires_at: session?.expires_at ?? null,
    });
  } catch {
    return Response.json({ error: 'invalid session' }, { status: 401 });
  }
}
