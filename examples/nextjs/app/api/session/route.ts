// Verifies the visitor's Gatehouse session on this app's server: the session JWT the SDK keeps in the
// `gatehouse_session_jwt` cookie, checked with jose against the project's keys (GET /v1/sessions/jwks/{project_id}),
// its issuer (the Gatehouse server's URL) and audience (the project id). No call to Gatehouse per request: the
// key set is fetched once and cached by jose. A JWT lives 5 minutes; the SDK refreshes it while the page is open.
// docs/embedding.md quotes this file from the imports on; the docs test (scripts/docs/docs.test.ts) fails when the
// quote and the file part.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { cookies } from 'next/headers';

const GATEHOUSE_URL = process.env.NEXT_PUBLIC_GATEHOUSE_URL!; // the server's PUBLIC_URL: the JWT's issuer
const PROJECT_ID = process.env.GATEHOUSE_PROJECT_ID!; // the JWT's audience
const keys = createRemoteJWKSet(new URL(`/v1/sessions/jwks/${PROJECT_ID}`, GATEHOUSE_URL));

export async function GET() {
  const jwt = (await cookies()).get('gatehouse_session_jwt')?.value;
  if (!jwt) return Response.json({ error: 'not signed in' }, { status: 401 });
  try {
    const { payload } = await jwtVerify(jwt, keys, { issuer: GATEHOUSE_URL, audience: PROJECT_ID });
    return Response.json({ user_id: payload.sub });
  } catch {
    return Response.json({ error: 'invalid session' }, { status: 401 });
  }
}
