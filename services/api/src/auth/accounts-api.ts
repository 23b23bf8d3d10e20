import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApplicationDeps } from '../application/deps.ts';
import { adminRoutes } from '../routes/admin/admin.routes.ts';
import { authRoutes } from '../routes/auth/auth.routes.ts';
import { contributionRoutes } from '../routes/contributions/contributions.routes.ts';
import { curationRoutes } from '../routes/curation/curation.routes.ts';
import { authentication } from './authentication.ts';

/**
 * Accounts, sessions, admin review, chemical curation and contributions, registered in the `/api`
 * scope. `request.authenticate()` and the `config.access` guard are added to that scope too, so
 * other routes can use them.
 */
async function accountsApiPlugin(app: FastifyInstance, { deps }: { deps: ApplicationDeps }) {
  await app.register(authentication, deps);
  await app.register(authRoutes, { deps });
  await app.register(adminRoutes, { deps });
  await app.register(curationRoutes, { deps });
  await app.register(contributionRoutes, { deps });
}

export const accountsApi = fp(accountsApiPlugin, { name: 'scentinel-accounts-api' });
