import type { TvAuthReason } from '@htv/shared';
import { normalizeMac, type TvAuthRequest, type TvAuthResponse } from '@htv/shared/areas/devices/protocol';
import { and, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { hotels, recordTables } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { logStates } from '../devices/logs.js';
import { allRuntimes } from '../devices/runtime.js';
import { applyAuthorization, notifyConfigChanged } from '../devices/service.js';

/** The random key a project's QR code carries (24 URL-safe characters). */
export const newAuthKey = () => randomBytes(18).toString('base64url');

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres between two points (haversine). */
export function distanceMetres(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The status each refusal answers with. */
const REFUSAL_KIND: Record<TvAuthReason, 'notFound' | 'validation' | 'conflict'> = {
  projectUnknown: 'notFound',
  notRegistered: 'notFound',
  terminalDisabled: 'conflict',
  launcherMismatch: 'validation',
  modelNotAllowed: 'validation',
  quotaUsed: 'conflict',
  locationRequired: 'validation',
  tooFar: 'validation',
};

type Outcome = { reason: TvAuthReason } | { response: TvAuthResponse; changedIds: number[]; reassigned: number | null };

const same = (a: unknown, b: unknown) => String(a ?? '').trim().toLowerCase() === String(b ?? '').trim().toLowerCase();

/**
 * An installer's request to authorize a TV through a project's QR code. One transaction that locks
 * the project row, so two phones racing for a model's last unit cannot both pass: the checks in
 * order (project, terminal, launcher, model, quantity, location), then on pass the hotel assignment
 * (when the project names one and the terminal has none) and the authorization as the console does
 * it (the brand's terminal limit applies there). Every attempt that reaches a decision is logged; a refusal then throws its translated error.
 */
export async function authorizeThroughProject(db: Db, input: TvAuthRequest, ip: string): Promise<TvAuthResponse> {
  const projects = recordTables.tvAuthProject!;
  const models = recordTables.tvAuthProjectModel!;
  const logs = recordTables.tvAuthLog!;
  const terminals = recordTables.terminal!;
  const mac = normalizeMac(input.mac);
  const phone = input.longitude !== undefined && input.latitude !== undefined ? { longitude: input.longitude, latitude: input.latitude } : null;

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [project] = await tx.select().from(projects).where(eq(projects.authKey, input.key)).for('update');
    const [terminal] = await tx
      .select({ id: terminals.id, mac: terminals.mac, model: terminals.model, launcher: terminals.launcher, brandId: terminals.brandId, hotelId: terminals.hotelId, authorization: terminals.authorization, registered: terminals.registered })
      .from(terminals)
      .where(eq(terminals.mac, mac));
    const site = project && project.longitude !== null && project.latitude !== null ? { longitude: Number(project.longitude), latitude: Number(project.latitude) } : null;
    const distance = site && phone ? Math.round(distanceMetres(site, phone)) : null;
    const log = (result: 'pass' | 'notPass', reason: TvAuthReason | null) =>
      tx.insert(logs).values({ project: project?.id ?? null, mac, model: terminal?.model ?? null, longitude: phone?.longitude ?? null, latitude: phone?.latitude ?? null, distance, result, reason });
    const refuse = async (reason: TvAuthReason): Promise<Outcome> => {
      await log('notPass', reason);
      return { reason };
    };

    if (!project || !project.enabled) return refuse('projectUnknown');
    if (!terminal || !terminal.registered) return refuse('notRegistered');
    if (terminal.authorization === 'disabled') return refuse('terminalDisabled');
    const hotelOf = async (id: number | null) =>
      id === null ? null : ((await tx.select({ id: hotels.id, brandId: hotels.brandId, publicId: hotels.publicId, name: hotels.name }).from(hotels).where(eq(hotels.id, id)))[0] ?? null);
    // Scanning again an authorized TV changes nothing and uses no quantity.
    if (terminal.authorization === 'authorized') {
      const hotel = await hotelOf(terminal.hotelId as number | null);
      return { response: { mac, authorization: 'authorized', distance, hotel: hotel && { publicId: hotel.publicId, name: hotel.name } }, changedIds: [], reassigned: null };
    }
    if (!same(terminal.launcher, project.launcher)) return refuse('launcherMismatch');
    const [model] = await tx
      .select({ id: models.id, model: models.model, quantity: models.quantity })
      .from(models)
      .where(and(eq(models.project, project.id), sql`lower(${models.model}) = lower(${String(terminal.model ?? '').trim()})`));
    if (!model) return refuse('modelNotAllowed');
    const [counted] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(logs)
      .where(and(eq(logs.project, project.id), eq(logs.result, 'pass'), sql`lower(${logs.model}) = lower(${model.model})`));
    const used = counted?.used ?? 0;
    if (used >= (model.quantity as number)) return refuse('quotaUsed');
    if (project.matchLocation) {
      if (!phone) return refuse('locationRequired');
      if (distance === null || distance > (project.radius as number)) return refuse('tooFar');
    }

    let hotel = await hotelOf(terminal.hotelId as number | null);
    let reassigned: number | null = null;
    if (!hotel && project.hotel !== null) {
      hotel = await hotelOf(project.hotel as number);
      if (hotel) {
        await tx.update(terminals).set({ brandId: hotel.brandId, hotelId: hotel.id, updatedAt: new Date() }).where(eq(terminals.id, terminal.id));
        await logStates(tx, [{ terminalId: terminal.id, mac, brandId: hotel.brandId, hotelId: hotel.id, state: 'assigned', detail: `${hotel.publicId} ${hotel.name}` }]);
        reassigned = terminal.id;
      }
    }
    const { changedIds } = await applyAuthorization(tx, null, ip, 'authorize', { ids: [terminal.id] }, { detail: `tv-auth #${project.id} ${project.name}` });
    await log('pass', null);
    await tx.update(models).set({ used: used + 1, updatedAt: new Date() }).where(eq(models.id, model.id));
    return { response: { mac, authorization: 'authorized', distance, hotel: hotel && { publicId: hotel.publicId, name: hotel.name } }, changedIds, reassigned };
  });

  if ('reason' in outcome) throw new AppError(REFUSAL_KIND[outcome.reason], `tvAuth.${outcome.reason}`);
  notifyConfigChanged(outcome.changedIds);
  // The token cache holds the terminal's owner: a new hotel must be read again (after the command is queued).
  if (outcome.reassigned !== null) for (const runtime of allRuntimes()) runtime.forget(outcome.reassigned);
  return outcome.response;
}
