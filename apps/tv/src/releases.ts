import { ReleaseInstaller, type InstallerIo } from '@htv/shared/areas/releases/installer';

/**
 * The browser TV's installer of releases (docs/releases.md): the shared steps over the page's fetch;
 * `?installFailures=0.3` in the page's address fails that share of installs.
 */
export function browserInstaller(token: () => string | undefined, report: InstallerIo['report']): ReleaseInstaller {
  return new ReleaseInstaller(
    {
      async download(url, from) {
        const response = await fetch(url, { headers: { authorization: `Bearer ${token() ?? ''}`, ...(from ? { range: `bytes=${from}-` } : {}) } });
        return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
      },
      report,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
    { failureShare: Number(new URLSearchParams(location.search).get('installFailures') ?? 0), installMs: 300 },
  );
}
