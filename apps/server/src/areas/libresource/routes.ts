import { idSchema, intSchema } from '@htv/shared';
import { LIB_RESOURCE_TYPES, libraryInput, reviewFailInput, versionInput, type LibrarySnapshot, type LibraryInput, type LibResourceType, type VersionInput } from '@htv/shared/areas/libresource/schemas';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/plugin.js';
import type { Actor } from '../../auth/actor.js';
import type { Db } from '../../db/client.js';
import { hotels } from '../../db/schema/core.js';
import { recordTables } from '../../db/schema/index.js';
import { conflict, invalidFields, notFound } from '../../http/errors.js';
import { ok } from '../../http/reply.js';
import { addRecordHooks } from '../../records/hooks.js';
import { runPeriodically } from '../../system/periodic.js';
import { invalidateConfig } from '../devices/plugin.js';
import { setIntroductionRowsSource } from '../introduction/device.js';
import { setMusicRowsSource } from '../music/device.js';
import { writeOpLog } from '../oplog/log.js';
import { introReviews, resourceFileRefs, resourceLibraries, resourceVersionHotels, resourceVersions } from './schema.js';
import {
  brandSnapshotFor,
  heldVersion,
  hotelSettings,
  hotelsOfBrand,
  keepFiles,
  nextItemId,
  publishDueVersions,
  pushVersion,
  reviewedItems,
  snapshotFileIds,
  snapshotOfHotel,
} from './service.js';

const tags = ['libresource'];
const PUBLISH_EVERY_MS = 5_000;
type Row = Record<string, unknown>;

let installed = false;

/** The TV parts' sources and the review of introduction items (once per process). */
function installHooks(): void {
  if (installed) return;
  installed = true;
  setIntroductionRowsSource(async (db, hotelId, own) => {
    const snapshot = await brandSnapshotFor(db, hotelId);
    if (snapshot) return [snapshot.introTypes, snapshot.introItems, snapshot.introPages] as never;
    const [types, items, pages] = await own();
    const hotel = await hotelSettings(db, hotelId);
    if (!hotel?.reviewRequired) return [types, items, pages];
    return [types, (await reviewedItems(db, hotelId, items as unknown as Row[])) as never, pages];
  });
  setMusicRowsSource(async (db, hotelId, own) => {
    const snapshot = await brandSnapshotFor(db, hotelId);
    return snapshot ? ([snapshot.musicAlbums, snapshot.musicSongs] as never) : own();
  });
  addRecordHooks('introItem', {
    // In the write's own transaction, so a change under review never reaches a TV, not even briefly.
    async beforeWrite(ctx, values, existing) {
      const hotelId = (existing?.hotelId ?? values.hotelId) as number | null | undefined;
      if (!hotelId) return values;
      const hotel = await hotelSettings(ctx.db, hotelId);
      if (!hotel) return values;
      const itemId = existing ? (existing.id as number) : await nextItemId(ctx.db);
      const written = existing ? values : { ...values, id: itemId };
      if (!hotel.reviewRequired || ctx.actor.userType !== 3) {
        // No review required, or the brand (platform) writes itself: published as written.
        await ctx.db.delete(introReviews).where(eq(introReviews.itemId, itemId));
        await keepFiles(ctx.db, 'review', itemId, []);
        return written;
      }
      const [review] = await ctx.db.select({ passed: introReviews.passed }).from(introReviews).where(eq(introReviews.itemId, itemId));
      // The row the TVs showed before this change stays their content until a pass.
      const passed = review ? (review.passed as Row | null) : existing ? JSON.parse(JSON.stringify(existing)) : null;
      const pending = JSON.parse(JSON.stringify({ ...existing, ...written }));
      await ctx.db
        .insert(introReviews)
        .values({ itemId, brandId: hotel.brandId, hotelId, state: 'review', pending, passed, reason: null, submittedAt: new Date() })
        .onConflictDoUpdate({ target: introReviews.itemId, set: { state: 'review', pending, passed, reason: null, submittedAt: new Date(), reviewedAt: null, reviewedBy: null } });
      if (passed) await keepFiles(ctx.db, 'review', itemId, snapshotFileIds({ introTypes: [], introItems: [passed], introPages: [], musicAlbums: [], musicSongs: [] }));
      return written;
    },
    async beforeDelete(ctx, rows) {
      const ids = rows.map((row) => row.id);
      if (!ids.length) return;
      await ctx.db.delete(introReviews).where(inArray(introReviews.itemId, ids));
      await ctx.db.delete(resourceFileRefs).where(and(eq(resourceFileRefs.kind, 'review'), inArray(resourceFileRefs.ownerId, ids)));
    },
  });
}

const brandOnly = (permission: string) => ({ auth: { userTypes: [2] as const, permission } });
const pageQuery = z.object({ page: intSchema(1).optional(), pagesize: intSchema(1, 200).optional() });
const idParams = z.object({ id: idSchema });
const paging = (query: { page?: number; pagesize?: number }) => {
  const size = Math.min(Math.max(query.pagesize ?? 20, 1), 200);
  const page = Math.max(query.page ?? 1, 1);
  return { size, offset: (page - 1) * size };
};

/** What a snapshot holds, counted. */
const countsOf = (snapshot: LibrarySnapshot) => ({
  introTypes: snapshot.introTypes.length,
  introItems: snapshot.introItems.length,
  introPages: snapshot.introPages.length,
  musicAlbums: snapshot.musicAlbums.length,
  musicSongs: snapshot.musicSongs.length,
});

const SNAPSHOT_KEY: Record<LibResourceType, keyof LibrarySnapshot> = {
  intro_type: 'introTypes',
  intro: 'introItems',
  intro_custom: 'introPages',
  music_album: 'musicAlbums',
  music: 'musicSongs',
};

async function libraryOfBrand(db: Db, actor: Actor, id: number) {
  const [library] = await db.select().from(resourceLibraries).where(and(eq(resourceLibraries.id, id), eq(resourceLibraries.brandId, actor.brandId!)));
  if (!library) throw notFound();
  return library;
}

/** A version the caller may see: its brand's; for a hotel user, one of its brand's sent to its hotel. */
async function visibleVersion(db: Db, actor: Actor, id: number) {
  const [version] = await db.select().from(resourceVersions).where(and(eq(resourceVersions.id, id), eq(resourceVersions.brandId, actor.brandId!)));
  if (!version) throw notFound();
  if (actor.userType === 3 && version.target !== 'all') {
    const [sent] = await db.select().from(resourceVersionHotels).where(and(eq(resourceVersionHotels.versionId, id), eq(resourceVersionHotels.hotelId, actor.hotelId!)));
    if (!sent) throw notFound();
  }
  return version;
}

async function versionView(db: Db, version: typeof resourceVersions.$inferSelect) {
  const [library] = await db.select().from(resourceLibraries).where(eq(resourceLibraries.id, version.libraryId));
  const targets = await db.select({ id: hotels.id, name: hotels.name, publicId: hotels.publicId }).from(resourceVersionHotels).innerJoin(hotels, eq(hotels.id, resourceVersionHotels.hotelId)).where(eq(resourceVersionHotels.versionId, version.id));
  return { ...version, libraryTitle: library?.title ?? null, counts: library ? countsOf(library.snapshot as LibrarySnapshot) : null, hotels: targets };
}

/**
 * The resource-library area's server side (docs/libresource.md): brands' libraries and versions, the
 * hotels' view of what their source gives them (`/api/web/...` as the spec names the calls), the
 * review of hotels' introduction items, and the publisher of timed versions.
 */
export function registerLibResource(app: FastifyInstance, db: Db, options: { publisher?: boolean } = {}): void {
  installHooks();

  // --- libraries -------------------------------------------------------------------------------
  app.get('/api/libresource/libraries', { schema: { tags, querystring: pageQuery.extend({ title: z.string().max(32).optional() }), summary: "The brand's resource libraries" }, config: brandOnly('libResource.read') }, async (request) => {
    const actor = actorOf(request);
    const query = request.query as { page?: number; pagesize?: number; title?: string };
    const { size, offset } = paging(query);
    const rows = await db.select().from(resourceLibraries).where(eq(resourceLibraries.brandId, actor.brandId!)).orderBy(desc(resourceLibraries.id));
    const matching = query.title ? rows.filter((row) => row.title.includes(query.title!)) : rows;
    const items = matching.slice(offset, offset + size).map(({ snapshot, ...row }) => ({ ...row, counts: countsOf(snapshot as LibrarySnapshot) }));
    return ok({ items, total: matching.length });
  });

  app.post('/api/libresource/libraries', { schema: { tags, body: libraryInput, summary: "Copies a hotel's content into a new library" }, config: brandOnly('libResource.create') }, async (request) => {
    const actor = actorOf(request);
    const body = request.body as LibraryInput;
    const title = body.title.trim();
    const sourceId = body.sourceHotelId.trim();
    const errors: Parameters<typeof invalidFields>[0] = {};
    if (title.length < 2 || title.length > 32) errors.title = { key: 'libresource.titleLength' };
    if (sourceId.length !== 7) errors.sourceHotelId = { key: 'libresource.sourceIdLength' };
    if (Object.keys(errors).length) throw invalidFields(errors);
    const [source] = await db.select({ id: hotels.id }).from(hotels).where(and(eq(hotels.publicId, sourceId), eq(hotels.brandId, actor.brandId!)));
    if (!source) throw invalidFields({ sourceHotelId: { key: 'libresource.sourceNotFound' } });
    const library = await db.transaction(async (tx) => {
      const snapshot = await snapshotOfHotel(tx, source.id);
      const [created] = await tx.insert(resourceLibraries).values({ brandId: actor.brandId!, title, sourceHotelId: source.id, sourcePublicId: sourceId, snapshot, createdBy: actor.userId }).returning();
      await keepFiles(tx, 'library', created!.id, snapshotFileIds(snapshot));
      await writeOpLog(tx, actor, { action: 'create', recordType: 'libResource', recordId: created!.id, after: { title, sourceHotelId: sourceId } }, request.ip);
      return created!;
    });
    const { snapshot, ...row } = library;
    return ok({ ...row, counts: countsOf(snapshot as LibrarySnapshot) });
  });

  app.get('/api/libresource/libraries/:id', { schema: { tags, params: idParams, summary: 'What a library holds' }, config: brandOnly('libResource.read') }, async (request) => {
    const library = await libraryOfBrand(db, actorOf(request), (request.params as { id: number }).id);
    return ok({ ...library, counts: countsOf(library.snapshot as LibrarySnapshot) });
  });

  app.delete('/api/libresource/libraries/:id', { schema: { tags, params: idParams, summary: 'Deletes a library without versions' }, config: brandOnly('libResource.delete') }, async (request) => {
    const actor = actorOf(request);
    const library = await libraryOfBrand(db, actor, (request.params as { id: number }).id);
    const [used] = await db.select({ n: count() }).from(resourceVersions).where(eq(resourceVersions.libraryId, library.id));
    if (used && used.n > 0) throw conflict('libresource.libraryHasVersions');
    await db.transaction(async (tx) => {
      await keepFiles(tx, 'library', library.id, []);
      await tx.delete(resourceLibraries).where(eq(resourceLibraries.id, library.id));
      await writeOpLog(tx, actor, { action: 'delete', recordType: 'libResource', recordId: library.id, before: { title: library.title } }, request.ip);
    });
    return ok({ id: library.id });
  });

  // --- versions --------------------------------------------------------------------------------
  app.get('/api/libresource/versions', { schema: { tags, querystring: pageQuery, summary: "The brand's library versions" }, config: brandOnly('libResourceVersion.read') }, async (request) => {
    const actor = actorOf(request);
    const { size, offset } = paging(request.query as { page?: number; pagesize?: number });
    const rows = await db.select().from(resourceVersions).where(eq(resourceVersions.brandId, actor.brandId!)).orderBy(desc(resourceVersions.id));
    const items = await Promise.all(rows.slice(offset, offset + size).map((row) => versionView(db, row)));
    return ok({ items, total: rows.length });
  });

  app.post('/api/libresource/versions', { schema: { tags, body: versionInput, summary: 'Sends a library to hotels of the brand, at once or at a time' }, config: brandOnly('libResourceVersion.create') }, async (request) => {
    const actor = actorOf(request);
    const body = request.body as VersionInput;
    if (!body.target) throw invalidFields({ target: { key: 'libresource.targetRequired' } });
    const wanted = [...new Set(body.hotelIds ?? [])];
    if (body.target === 'hotels' && !wanted.length) throw invalidFields({ hotelIds: { key: 'libresource.targetRequired' } });
    const publishAt = body.publishAt ? new Date(body.publishAt) : null;
    if (publishAt && publishAt.getTime() <= Date.now()) throw invalidFields({ publishAt: { key: 'libresource.publishAtPast' } });
    const library = await libraryOfBrand(db, actor, body.libraryId);
    const targets = body.target === 'hotels' ? await hotelsOfBrand(db, actor.brandId!, wanted) : [];
    if (targets.length !== (body.target === 'hotels' ? wanted.length : 0)) throw notFound();
    const version = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(resourceVersions)
        .values({ brandId: actor.brandId!, libraryId: library.id, name: body.name?.trim() || null, target: body.target!, state: publishAt ? 'pending' : 'published', publishAt, publishedAt: publishAt ? null : new Date(), createdBy: actor.userId })
        .returning();
      if (targets.length) await tx.insert(resourceVersionHotels).values(targets.map((hotelId) => ({ versionId: created!.id, hotelId })));
      await writeOpLog(tx, actor, { action: 'create', recordType: 'libResourceVersion', recordId: created!.id, after: { libraryId: library.id, target: body.target, hotelIds: targets, publishAt } }, request.ip);
      return created!;
    });
    if (version.state === 'published') await pushVersion(db, version);
    return ok(await versionView(db, version));
  });

  app.post('/api/libresource/versions/:id/cancel', { schema: { tags, params: idParams, summary: 'Cancels a version: before its time, or withdraws it once published' }, config: brandOnly('libResourceVersion.cancel') }, async (request) => {
    const actor = actorOf(request);
    const id = (request.params as { id: number }).id;
    const [version] = await db.select().from(resourceVersions).where(and(eq(resourceVersions.id, id), eq(resourceVersions.brandId, actor.brandId!)));
    if (!version) throw notFound();
    const [cancelled] = await db
      .update(resourceVersions)
      .set({ state: 'cancelled' })
      .where(and(eq(resourceVersions.id, id), inArray(resourceVersions.state, ['pending', 'published'])))
      .returning();
    if (!cancelled) throw conflict('libresource.notCancellable');
    await writeOpLog(db, actor, { action: 'cancel', recordType: 'libResourceVersion', recordId: id, before: { state: version.state } }, request.ip);
    if (version.state === 'published') await pushVersion(db, version);
    return ok(await versionView(db, cancelled));
  });

  // --- the spec's web calls ----------------------------------------------------------------------
  app.get(
    '/api/web/hotel_lib_resource',
    { schema: { tags, querystring: pageQuery.extend({ type: z.enum(LIB_RESOURCE_TYPES) }), summary: "What the hotel's TVs get from its source (the brand's version or its own rows)" }, config: { auth: { userTypes: [3] as const } } },
    async (request) => {
      const actor = actorOf(request);
      const query = request.query as { type: LibResourceType; page?: number; pagesize?: number };
      const { size, offset } = paging(query);
      const hotel = await hotelSettings(db, actor.hotelId!);
      const held = hotel?.introSource === 'brand' ? await heldVersion(db, actor.hotelId!) : null;
      let rows: Row[];
      if (held) rows = held.snapshot[SNAPSHOT_KEY[query.type]];
      else {
        const own = await snapshotOfHotel(db, actor.hotelId!);
        rows = own[SNAPSHOT_KEY[query.type]];
      }
      return ok({ source: held ? 'brand' : 'hotel', versionId: held?.id ?? null, items: rows.slice(offset, offset + size), total: rows.length });
    },
  );

  app.get('/api/web/show_libversion/:id', { schema: { tags, params: idParams, summary: 'A library version' }, config: { auth: { userTypes: [2, 3] as const } } }, async (request) => {
    const version = await visibleVersion(db, actorOf(request), (request.params as { id: number }).id);
    return ok(await versionView(db, version));
  });

  app.get('/api/web/libversion_hotel/:id', { schema: { tags, params: idParams, summary: 'The version a hotel holds (null: it shows its own content)' }, config: { auth: { userTypes: [2, 3] as const } } }, async (request) => {
    const actor = actorOf(request);
    const hotelId = (request.params as { id: number }).id;
    const [hotel] = await db.select({ id: hotels.id, brandId: hotels.brandId, introSource: hotels.introSource }).from(hotels).where(eq(hotels.id, hotelId));
    if (!hotel || hotel.brandId !== actor.brandId || (actor.userType === 3 && actor.hotelId !== hotelId)) throw notFound();
    const held = await heldVersion(db, hotelId);
    const [version] = held ? await db.select().from(resourceVersions).where(eq(resourceVersions.id, held.id)) : [];
    return ok({ hotelId, introSource: hotel.introSource, shown: hotel.introSource === 'brand' && held ? 'brand' : 'hotel', version: version ? await versionView(db, version) : null });
  });

  // --- introduction review ---------------------------------------------------------------------
  app.get(
    '/api/libresource/reviews',
    { schema: { tags, querystring: pageQuery.extend({ state: z.enum(['review', 'pass', 'fail']).optional() }), summary: "The brand's hotels' introduction items and their review" }, config: brandOnly('introReview.read') },
    async (request) => {
      const actor = actorOf(request);
      const query = request.query as { page?: number; pagesize?: number; state?: string };
      const { size, offset } = paging(query);
      const where = query.state ? and(eq(introReviews.brandId, actor.brandId!), eq(introReviews.state, query.state)) : eq(introReviews.brandId, actor.brandId!);
      const rows = await db
        .select({ itemId: introReviews.itemId, hotelId: introReviews.hotelId, hotelName: hotels.name, state: introReviews.state, reason: introReviews.reason, pending: introReviews.pending, submittedAt: introReviews.submittedAt, reviewedAt: introReviews.reviewedAt, passed: introReviews.passed })
        .from(introReviews)
        .innerJoin(hotels, eq(hotels.id, introReviews.hotelId))
        .where(where)
        .orderBy(desc(introReviews.submittedAt));
      const items = rows.slice(offset, offset + size).map(({ passed, pending, ...row }) => ({ ...row, title: (pending as Row).title ?? null, item: pending, everPassed: passed !== null }));
      return ok({ items, total: rows.length });
    },
  );

  app.get(
    '/api/libresource/hotel-reviews',
    { schema: { tags, querystring: pageQuery, summary: "The review of the hotel's own introduction items (state and the reason of a fail)" }, config: { auth: { userTypes: [3] as const, permission: 'introduction.read' } } },
    async (request) => {
      const actor = actorOf(request);
      const { size, offset } = paging(request.query as { page?: number; pagesize?: number });
      const rows = await db
        .select({ itemId: introReviews.itemId, state: introReviews.state, reason: introReviews.reason, pending: introReviews.pending, submittedAt: introReviews.submittedAt, reviewedAt: introReviews.reviewedAt })
        .from(introReviews)
        .where(eq(introReviews.hotelId, actor.hotelId!))
        .orderBy(desc(introReviews.submittedAt));
      const items = rows.slice(offset, offset + size).map(({ pending, ...row }) => ({ ...row, title: (pending as Row).title ?? null }));
      return ok({ items, total: rows.length });
    },
  );

  const reviewOf = async (actor: Actor, itemId: number) => {
    const [review] = await db.select().from(introReviews).where(and(eq(introReviews.itemId, itemId), eq(introReviews.brandId, actor.brandId!)));
    if (!review) throw notFound();
    if (review.state !== 'review') throw conflict('libresource.notInReview');
    return review;
  };

  app.post('/api/libresource/reviews/:id/pass', { schema: { tags, params: idParams, summary: "Passes a hotel's introduction change: its TVs show it" }, config: brandOnly('introReview.update') }, async (request) => {
    const actor = actorOf(request);
    const review = await reviewOf(actor, (request.params as { id: number }).id);
    const items = recordTables.introItem!;
    await db.transaction(async (tx) => {
      const [item] = await tx.select().from(items).where(eq(items.id, review.itemId));
      const passed = JSON.parse(JSON.stringify(item ?? review.pending)) as Row;
      await tx.update(introReviews).set({ state: 'pass', passed, reason: null, reviewedBy: actor.userId, reviewedAt: new Date() }).where(eq(introReviews.itemId, review.itemId));
      await keepFiles(tx, 'review', review.itemId, snapshotFileIds({ introTypes: [], introItems: [passed], introPages: [], musicAlbums: [], musicSongs: [] }));
      await writeOpLog(tx, actor, { action: 'review_pass', recordType: 'introItem', recordId: review.itemId }, request.ip);
    });
    invalidateConfig({ hotelId: review.hotelId });
    return ok({ itemId: review.itemId, state: 'pass' });
  });

  app.post('/api/libresource/reviews/:id/fail', { schema: { tags, params: idParams, body: reviewFailInput, summary: "Fails a hotel's introduction change with a reason: its TVs keep the last passed one" }, config: brandOnly('introReview.update') }, async (request) => {
    const actor = actorOf(request);
    const reason = ((request.body as { reason?: string }).reason ?? '').trim();
    if (!reason) throw invalidFields({ reason: { key: 'libresource.reasonRequired' } });
    const review = await reviewOf(actor, (request.params as { id: number }).id);
    await db.transaction(async (tx) => {
      await tx.update(introReviews).set({ state: 'fail', reason, reviewedBy: actor.userId, reviewedAt: new Date() }).where(eq(introReviews.itemId, review.itemId));
      await writeOpLog(tx, actor, { action: 'review_fail', recordType: 'introItem', recordId: review.itemId, after: { reason } }, request.ip);
    });
    return ok({ itemId: review.itemId, state: 'fail', reason });
  });

  if (options.publisher !== false) runPeriodically(app, 'library version publisher', PUBLISH_EVERY_MS, () => publishDueVersions(db), { atStart: true });
}
