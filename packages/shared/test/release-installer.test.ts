import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProgressReport, ReleaseItem } from '../src/areas/releases/index.js';
import { ReleaseInstaller } from '../src/areas/releases/installer.js';

const bytes = new Uint8Array(4096).fill(7);
const item = (actionId: number, extra: Partial<ReleaseItem> = {}): ReleaseItem => ({
  actionId,
  kind: 'ota',
  name: 'Firmware',
  packageName: null,
  versionName: '20270401',
  versionCode: null,
  url: `/api/device/v1/releases/${actionId}/file`,
  size: bytes.length,
  md5: createHash('md5').update(bytes).digest('hex'),
  sha256: createHash('sha256').update(bytes).digest('hex'),
  installType: 'forced',
  window: null,
  notBefore: null,
  attempt: 0,
  ...extra,
});

function installer(failureShare = 0) {
  const reports: ProgressReport[] = [];
  const tv = new ReleaseInstaller(
    { download: async () => ({ status: 200, bytes }), report: async (r) => void reports.push(...r), sleep: async () => undefined },
    { failureShare, installMs: 0 },
  );
  return { tv, states: () => reports.map((r) => `${r.actionId}:${r.state}`), reports };
}

describe('the TV installing its releases', () => {
  it('reports each step once, and the final report again while the configuration still lists the action', async () => {
    const { tv, states } = installer();
    await tv.sync([item(1)]);
    expect(states()).toEqual(['1:downloading', '1:downloaded', '1:installing', '1:success']);
    expect(tv.otaVersion).toBe('20270401');
    // The configuration read next still lists it (the report was lost, or not yet written): only the
    // final report goes again, nothing is downloaded or installed twice.
    await tv.sync([item(1)]);
    expect(states().slice(4)).toEqual(['1:success']);
    expect(tv.downloads).toBe(1);
  });

  it('sends a failure again for the same attempt, and installs again when a retry comes with a new time', async () => {
    const { tv, states, reports } = installer(1);
    await tv.sync([item(2)]);
    expect(states()).toEqual(['2:downloading', '2:downloaded', '2:installing', '2:failed']);
    expect(reports[3]).toMatchObject({ code: 'E_INSTALL' });
    await tv.sync([item(2)]);
    expect(states().slice(4)).toEqual(['2:failed']);
    await tv.sync([item(2, { notBefore: new Date(Date.now() - 1000).toISOString(), attempt: 1 })]);
    expect(states().slice(5)).toEqual(['2:downloading', '2:downloaded', '2:installing', '2:failed']);
    // Each report names its attempt, so a late one of the first attempt cannot pass for the second's.
    expect(reports.map((r) => r.attempt)).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('ends a download-only action at downloaded, and sends that again', async () => {
    const { tv, states } = installer();
    await tv.sync([item(3, { installType: 'downloadOnly' })]);
    await tv.sync([item(3, { installType: 'downloadOnly' })]);
    expect(states()).toEqual(['3:downloading', '3:downloaded', '3:downloaded']);
  });
});
