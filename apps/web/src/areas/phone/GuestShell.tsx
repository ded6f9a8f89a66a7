import { Button } from 'antd';
import type { ReactNode } from 'react';
import { LANGS, setLang, useLang } from '../../locales';

/** The frame of a guest's phone page: a narrow column with the language switch (中文 / English). */
export function GuestShell({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const lang = useLang();
  const other = LANGS.find((code) => code !== lang)!;
  return (
    <div style={{ maxWidth: wide ? 1200 : 480, margin: '0 auto', padding: 16, fontSize: wide ? 22 : undefined }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
        <h2 style={{ margin: 0 }}>{title}</h2>
        <Button type="text" onClick={() => void setLang(other)} data-testid="guest-lang">
          {other === 'en-US' ? 'English' : '中文'}
        </Button>
      </div>
      {children}
    </div>
  );
}
