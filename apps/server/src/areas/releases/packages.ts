import { records } from '@htv/shared';
import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/actor.js';
import { files, recordTables } from '../../db/schema/index.js';
import { storeGeneratedFile } from '../../files/generated.js';
import type { Storage } from '../../files/storage.js';
import { conflict, forbidden, invalidFields } from '../../http/errors.js';
import type { Row, WriteContext } from '../../records/engine.js';
import { addRecordHooks } from '../../records/hooks.js';
import { setRowAccess } from '../../tenancy/scope.js';
import { readApkInfo } from './apk.js';
import { appReach, assertTrialOffer, offerNewApp } from './offers.js';

/** The stored file a package names, or a 422 on its field (a file the writer may name was already checked). */
async function fileOf(ctx: WriteContext, field: string, id: string) {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, id));
  if (!file) throw invalidFields({ [field]: { key: 'upload.badRef', params: { field } } });
  return file;
}

function storageOf(ctx: WriteContext): Storage {
  if (!ctx.storage) throw new Error('a package write needs the storage of its files');
  return ctx.storage;
}

/** Firmware and control packages: size and hashes are the stored file's, never a client's. */
function packageHooks(name: 'otaPackage' | 'controlUpgrade') {
  addRecordHooks(name, {
    async beforeWrite(ctx, values, existing) {
      const { size: _size, md5: _md5, sha256: _sha256, ...rest } = values;
      const fileId = rest.fileId as string | undefined;
      if (fileId === undefined || fileId === existing?.fileId) return rest;
      const file = await fileOf(ctx, 'fileId', fileId);
      return { ...rest, size: file.size, md5: file.md5 ?? '', ...(name === 'otaPackage' ? { sha256: file.sha256 } : {}) };
    },
  });
}

/** Apps a writer changes: the platform any, a hotel its own (the platform's are read-only below). */
function owns(actor: Actor, row: Row): boolean {
  return actor.userType === 1 || (actor.hotelId !== null && row.hotelId === actor.hotelId);
}

const appTable = () => recordTables.app!;
const apkField = (key: Parameters<typeof invalidFields>[0][string]['key'], params?: Record<string, unknown>) => invalidFields({ apkFileId: { key, params } });

/**
 * The APK rules of an app (spec part 2 §5, §9), when a new APK is named: it is read from the file
 * itself ("get package info failed" otherwise); its package must be the app's; the same file (MD5)
 * twice at one level is refused; a higher or lower version than the app's answers 409 asking for the
 * form's confirmation (`versionConfirm`: upgrade or downgrade). Package, versions, launch parameter,
 * size, MD5 and icon then come from the file.
 */
async function applyApk(ctx: WriteContext, values: Record<string, unknown>, existing: Row | null): Promise<Record<string, unknown>> {
  const file = await fileOf(ctx, 'apkFileId', values.apkFileId as string);
  const info = await readApkInfo(storageOf(ctx), file.storageKey, file.size);
  if (!info) throw apkField('app.packageInfoFailed');
  const expected = (existing?.packageName as string | null | undefined) ?? (values.packageName as string | null | undefined);
  if (expected && expected !== info.packageName) throw apkField('app.packageMismatch', { found: info.packageName, expected });
  const table = appTable();
  const level: SQL = existing
    ? existing.hotelId === null ? isNull(table.hotelId) : eq(table.hotelId, existing.hotelId as number)
    : ctx.actor.userType === 1 ? isNull(table.hotelId) : eq(table.hotelId, ctx.actor.hotelId ?? -1);
  const [duplicate] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.md5, file.md5 ?? ''), level, existing ? ne(table.id, existing.id as number) : undefined))
    .limit(1);
  if (duplicate) throw apkField('app.duplicateMd5', { md5: file.md5 });
  const current = existing?.versionCode as number | null | undefined;
  const confirm = values.versionConfirm;
  if (current && info.versionCode > current && confirm !== 'upgrade') throw conflict('app.confirmUpgrade', { found: info.versionName, current: existing!.versionName });
  if (current && info.versionCode < current && confirm !== 'downgrade') throw conflict('app.confirmDowngrade', { found: info.versionName, current: existing!.versionName });
  // The icon belongs to the app's level, so whoever reads the app reads it.
  const owner = existing ?? { brandId: values.brandId ?? null, hotelId: values.hotelId ?? null };
  const iconFileId = info.iconPng
    ? await storeGeneratedFile(ctx.db, storageOf(ctx), {
        ...info.iconPng,
        name: `${info.packageName}.png`,
        mime: 'image/png',
        rule: 'appIcon',
        brandId: (owner.brandId as number | null) ?? null,
        hotelId: (owner.hotelId as number | null) ?? null,
        uploadedBy: ctx.actor.userId,
      })
    : null;
  return {
    ...values,
    packageName: info.packageName,
    versionCode: info.versionCode,
    versionName: info.versionName,
    launchParam: values.launchParam ?? existing?.launchParam ?? info.launchActivity,
    size: file.size,
    md5: file.md5,
    icon: info.icon,
    iconFileId,
  };
}

let installed = false;

/** Record hooks of the packages: firmware and control hashes from their files, the app rules. */
export function installPackageHooks(): void {
  if (installed) return;
  installed = true;
  packageHooks('otaPackage');
  packageHooks('controlUpgrade');
  // Hotels see the platform's apps offered to them beside their own; they change only theirs.
  setRowAccess('app', appReach);
  addRecordHooks('app', {
    async beforeWrite(ctx, values, existing) {
      if (existing && !owns(ctx.actor, existing)) throw forbidden();
      if (existing && existing.hotelId === null && values.distribution === 'trial' && existing.distribution !== 'trial') await assertTrialOffer(ctx.db, existing.id as number);
      const { size: _size, md5: _md5, icon: _icon, iconFileId: _iconFile, ...rest } = values;
      const fileId = rest.apkFileId as string | null | undefined;
      const out = fileId && fileId !== existing?.apkFileId ? await applyApk(ctx, rest, existing) : rest;
      delete out.versionConfirm;
      const merged = { ...existing, ...out };
      const missing = (['packageName', 'versionName', 'versionCode'] as const).filter((f) => merged[f] === null || merged[f] === undefined || merged[f] === '');
      if (missing.length) throw invalidFields(Object.fromEntries(missing.map((f) => [f, { key: 'validation.required' as const, params: { field: records.app.fields[f].label } }])));
      return out;
    },
    beforeDelete(ctx, rows) {
      if (rows.some((row) => !owns(ctx.actor, row))) throw forbidden();
    },
    async afterCommit(ctx, { action, rows }) {
      const [row] = rows;
      if (action === 'create' && row && row.hotelId === null && row.brandId === null && row.distribution !== 'trial') await offerNewApp(ctx.db, row.id as number);
    },
    hidden: ['versionConfirm'],
  });
}
