// The manifest parser of @devicefarmer/adbkit-apkreader (no types of its own): it reads a binary
// AndroidManifest.xml from a buffer.
declare module '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js' {
  interface ManifestActivity {
    name?: string;
  }
  export interface ParsedManifest {
    package?: string;
    versionCode?: number;
    versionName?: string;
    application?: { icon?: unknown; label?: unknown; launcherActivities?: ManifestActivity[]; leanbackLauncherActivities?: ManifestActivity[] };
  }
  export default class ManifestParser {
    constructor(buffer: Buffer);
    parse(): ParsedManifest;
  }
}
