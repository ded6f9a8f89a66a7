import { ArrowDownOutlined, ArrowLeftOutlined, ArrowRightOutlined, ArrowUpOutlined, CloseOutlined, RollbackOutlined } from '@ant-design/icons';
import { CONTENT_LANGS, type ContentLang, type ThemeAction, type ThemeDocument } from '@htv/shared/areas/themes/index';
import { ThemeStage } from '@htv/renderer';
import { areaAvailable, AreaPartsProvider, AreaScreen } from '@htv/renderer/areas/index';
import { CONTENT_LANG_NAMES } from '@htv/renderer/languages';
import { useQuery } from '@tanstack/react-query';
import { Button, message, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { themeApi } from './api';
import { useThemeText } from './locales';
import { usePreviewParts } from './previewParts';
import { useThemeAssets } from './useThemeAssets';


/** A welcome template's preview greets as a TV whose guest is not known. */
const WELCOME_PREVIEW = { guest: null, room: null };

/**
 * The arrows, OK and Back of a TV remote, sent as the keys a browser TV receives: from the page's
 * body, so an open area's page takes them on their way (capture) before the launcher under it.
 */
function OnScreenRemote() {
  const m = useThemeText();
  const press = (key: string) => document.body.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true }));
  const key = (name: string, icon: React.ReactNode, label: string) => <Button size="small" icon={icon} aria-label={label} onClick={() => press(name)} data-testid={`remote-${name}`} />;
  return (
    <Space orientation="vertical" align="center" size={4} data-testid="remote" style={{ background: 'rgba(255,255,255,.9)', padding: 8, borderRadius: 8 }}>
      <Typography.Text type="secondary">{m('remote')}</Typography.Text>
      {key('ArrowUp', <ArrowUpOutlined />, '↑')}
      <Space size={4}>
        {key('ArrowLeft', <ArrowLeftOutlined />, '←')}
        <Button size="small" type="primary" onClick={() => press('Enter')} data-testid="remote-Enter">
          {m('remoteOk')}
        </Button>
        {key('ArrowRight', <ArrowRightOutlined />, '→')}
      </Space>
      {key('ArrowDown', <ArrowDownOutlined />, '↓')}
      <Button size="small" icon={<RollbackOutlined />} onClick={() => press('Escape')} data-testid="remote-Escape">
        {m('remoteBack')}
      </Button>
    </Space>
  );
}

/**
 * A full-window preview outside the console's layout: the renderer the TVs use draws the document,
 * with its content languages switchable and an on-screen remote; an area action opens the TVs' page
 * of the area with the user's own data (previewParts.ts), app actions are announced. Over the editor
 * (`onClose`), it shows the draft as it is there, saved or not.
 */
export function Preview({ document: doc, label, onClose }: { document: ThemeDocument; label: string; onClose?: () => void }) {
  const m = useThemeText();
  const [lang, setLang] = useState<ContentLang>(doc.theme.languages[0] ?? 'zh-CN');
  const assets = useThemeAssets(doc);
  const [toast, holder] = message.useMessage();
  const parts = usePreviewParts();
  const [area, setArea] = useState<string | null>(null);
  const announce = (action: ThemeAction) => {
    if (action.action === 'openApp') void toast.info(m('openApp', { name: action.packageName }));
    if (action.action === 'openArea') {
      if (areaAvailable(action.area)) setArea(action.area);
      else void toast.info(m('areaUnavailable'));
    }
  };
  return (
    <div style={{ position: 'fixed', inset: 0, background: '#000', zIndex: 1000 }} data-testid="theme-preview">
      {holder}
      <AreaPartsProvider parts={parts}>
        {assets.data && <ThemeStage document={doc} assets={assets.data} lang={lang} interactive onAction={announce} variables={doc.theme.kind === 'welcome' ? WELCOME_PREVIEW : undefined} />}
        {area && <AreaScreen key={area} areaKey={area} lang={lang} fallbacks={doc.theme.languages} onClose={() => setArea(null)} onFailed={() => setArea(null)} />}
      </AreaPartsProvider>
      <Space data-testid="preview-toolbar" style={{ position: 'absolute', top: 8, left: 8, background: 'rgba(255,255,255,.9)', padding: '4px 8px', borderRadius: 8 }}>
        <Typography.Text strong>{doc.theme.name}</Typography.Text>
        <Tag>{label}</Tag>
        <Select<ContentLang>
          size="small"
          value={lang}
          onChange={setLang}
          aria-label={m('contentLang')}
          data-testid="preview-lang"
          options={CONTENT_LANGS.filter((l) => doc.theme.languages.includes(l)).map((l) => ({ value: l, label: CONTENT_LANG_NAMES[l] }))}
          style={{ minWidth: 120 }}
        />
        {onClose && (
          <Button size="small" icon={<CloseOutlined />} onClick={onClose} data-testid="preview-close">
            {m('close')}
          </Button>
        )}
      </Space>
      <div style={{ position: 'absolute', right: 12, bottom: 12 }}>
        <OnScreenRemote />
      </div>
    </div>
  );
}

function Frame({ loading, failed, children }: { loading: boolean; failed: boolean; children: React.ReactNode }) {
  const m = useThemeText();
  if (loading) return <Spin fullscreen />;
  if (failed) return <Result status="404" title={m('notFound')} data-testid="preview-missing" />;
  return <>{children}</>;
}

/** `/themes_template_preview/:id`: a template's draft as it stands. */
export default function TemplatePreviewPage() {
  const id = Number(useParams().id);
  const m = useThemeText();
  const theme = useQuery({ queryKey: ['themes', 'document', id, 'preview'], queryFn: ({ signal }) => themeApi.get(id, signal), retry: false });
  return (
    <Frame loading={theme.isPending} failed={theme.isError}>
      {theme.data && <Preview document={theme.data.document} label={m('previewDraft')} />}
    </Frame>
  );
}

/** `/themes_preview/:id`: one published (or timed) version, frozen. */
export function VersionPreviewPage() {
  const id = Number(useParams().id);
  const version = useQuery({
    queryKey: ['themes', 'version', id],
    queryFn: ({ signal }) => themeApi.version(id, signal),
    retry: false,
  });
  return (
    <Frame loading={version.isPending} failed={version.isError}>
      {version.data && <Preview document={version.data.document} label={`v${version.data.number}`} />}
    </Frame>
  );
}
