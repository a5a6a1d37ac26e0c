// GET /dev/project → { project_id, public_token } (the dev project's TEST token) so local tools, the E2E harness
// and the web app in development can find it. Registered outside production only (app.ts), so it is a 404 there.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';
import { ensureDevProject } from '../projects/project-service';

export async function registerDevRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  root.get('/dev/project', async (_request, reply) => {
    // ensure (not just find): a test that emptied the tables still gets a working project.
    const { project } = await ensureDevProject(ctx);
    reply.header('cache-control', 'no-store');
    return { project_id: project.id, public_token: project.publicTokenTest };
  });
}
