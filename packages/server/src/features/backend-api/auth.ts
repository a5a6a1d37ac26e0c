// The backend API's caller (issue 13 item 2): the application's own server, by HTTP Basic of the project id and the
// project secret, as Stytch's backend API and the `stytch` Node library do. Only the secret's SHA-256 is stored;
// it is compared in constant time, and every failure (no header, unknown project, wrong secret) answers the same.

import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, ProjectRecord } from '../../infra/context';
import { constantTimeEqual, sha256 } from '../../infra/crypto';
import { projects } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';

const DECOY_HASH = sha256('gatehouse backend api: no such project');

function unauthorized(): ApiError {
  return new ApiError(
    'unauthorized_credentials',
    'Unauthorized credentials: use HTTP Basic with the project id and the project secret.',
  );
}

export async function backendProject(ctx: AppContext, request: FastifyRequest): Promise<ProjectRecord> {
  const credentials = request.basicCredentials;
  const projectId = credentials?.publicToken ?? '';
  const secret = credentials?.sessionToken ?? '';
  const [project] =
    projectId === '' ? [] : await ctx.db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  // The same work whether or not the project exists.
  const matches = constantTimeEqual(
    sha256(secret),
    project ? new Uint8Array(project.secretHash) : DECOY_HASH,
  );
  if (!project || !matches || secret === '') throw unauthorized();
  return project;
}
