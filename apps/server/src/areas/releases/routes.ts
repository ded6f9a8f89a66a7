import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { installPackageHooks } from './packages.js';

/** Releases: the package records' rules. */
export function registerReleases(_app: FastifyInstance, _db: Db): void {
  installPackageHooks();
}
