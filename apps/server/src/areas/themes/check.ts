import { type MessageKey } from '@htv/shared';
import { blocksOf, materialsOf, materialUses, STAGE, themeDocument, type ThemeAction, type ThemeDocument } from '@htv/shared/areas/themes/index';
import type { Db } from '../../db/client.js';
import type { Owner } from '../../tenancy/scope.js';
import { materialsUsableBy } from '../material/service.js';

/** One problem of a document, on the path of the part concerned (a block, a page, a layout). */
export interface Finding {
  path: string;
  key: MessageKey;
  params?: Record<string, unknown>;
}

// The document's material uses live beside its schema (the console's previews list them too).
export { materialsOf, materialUses };

/**
 * What a schema cannot say about a document: keys unique within it, parents and pages that exist,
 * boxes inside the stage of the document's orientation. Run on every draft save.
 */
export function structuralFindings(doc: ThemeDocument): Finding[] {
  const findings: Finding[] = [];
  const stage = STAGE[doc.theme.orientation];
  const layoutKeys = new Set(doc.layouts.map((l) => l.key));
  const pageKeys = new Set<string>();
  const seen = new Set<string>();
  const unique = (path: string, key: string) => {
    if (seen.has(key)) findings.push({ path: `${path}.key`, key: 'theme.duplicateKey', params: { key } });
    seen.add(key);
  };
  const inside = (path: string, box: { x: number; y: number; width: number; height: number }) => {
    if (box.x + box.width > stage.width || box.y + box.height > stage.height) findings.push({ path, key: 'theme.outsideStage', params: stage });
  };
  for (const [l, layout] of doc.layouts.entries()) {
    unique(`layouts.${l}`, layout.key);
    if (layout.parent !== undefined && (!layoutKeys.has(layout.parent) || layout.parent === layout.key)) {
      findings.push({ path: `layouts.${l}.parent`, key: 'theme.layoutParentMissing', params: { layout: layout.parent } });
    }
    for (const [p, page] of layout.pages.entries()) {
      unique(`layouts.${l}.pages.${p}`, page.key);
      pageKeys.add(page.key);
      for (const [c, container] of page.containers.entries()) {
        unique(`layouts.${l}.pages.${p}.containers.${c}`, container.key);
        inside(`layouts.${l}.pages.${p}.containers.${c}`, container);
      }
    }
  }
  const blockKeys = new Set([...blocksOf(doc)].map(({ block }) => block.key));
  for (const { path, block } of blocksOf(doc)) {
    unique(path, block.key);
    for (const [direction, target] of Object.entries((block.nav ?? {}) as Record<string, string | undefined>)) {
      if (target !== undefined && !blockKeys.has(target)) findings.push({ path: `${path}.nav.${direction}`, key: 'theme.navTargetMissing', params: { block: target } });
    }
    inside(path, block as unknown as { x: number; y: number; width: number; height: number });
    for (const name of ['focusEvent', 'clickEvent'] as const) {
      const event = block[name] as ThemeAction | undefined;
      if (event?.action === 'openPage' && !pageKeys.has(event.pageKey)) findings.push({ path: `${path}.${name}.pageKey`, key: 'theme.pageMissing', params: { page: event.pageKey } });
    }
  }
  return findings;
}

/**
 * The whole-document check of publishing: the schema, the structure, and every material resolving to
 * one the theme's owner may use (the material library's rule, `materialsUsableBy`).
 */
export async function publishFindings(db: Db, owner: Owner, doc: unknown): Promise<Finding[]> {
  const parsed = themeDocument.safeParse(doc);
  if (!parsed.success) return parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), key: 'validation.invalid', params: { field: { 'zh-CN': issue.path.join('.'), 'en-US': issue.path.join('.') } } }));
  const findings = structuralFindings(parsed.data);
  const uses = materialUses(parsed.data);
  if (uses.length === 0) return findings;
  const { missing } = await materialsUsableBy(db, owner, [...new Set(uses.map((use) => use.id))]);
  const unusable = new Set(missing);
  for (const use of uses) if (unusable.has(use.id)) findings.push({ path: use.path, key: 'theme.materialUnusable', params: { id: use.id } });
  return findings;
}
