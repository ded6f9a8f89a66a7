import { CloseCircleOutlined, CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../locales';
import type { Tab, TabsApi } from './useTabs';

/** "Heartbeat log · AABBCCDDEEFF": detail pages name their subject. */
export function tabTitle(tab: Tab, lang: ReturnType<typeof useLang>): string {
  const title = tab.route.title[lang];
  const values = Object.values(tab.params).filter(Boolean);
  return values.length ? `${title} · ${values.join(' / ')}` : title;
}

/** The bar of opened pages (spec §2): switch, close (not home), close others, close all. */
export function TabBar({ tabs: api }: { tabs: TabsApi }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { tabs, current, homeKey } = api;

  return (
    <div
      data-testid="tab-bar"
      style={{ background: '#fff', padding: '6px 16px 0', borderBottom: '1px solid #f0f0f0', display: 'flex', alignItems: 'flex-end', gap: 8 }}
    >
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        aria-label={t('tabs.label')}
        activeKey={current?.key ?? ''}
        onChange={(key) => {
          const tab = tabs.find((item) => item.key === key);
          if (tab) api.open(tab);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') api.close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: <span data-testid="tab-label">{tabTitle(tab, lang)}</span>,
          closable: tab.key !== homeKey,
        }))}
        style={{ flex: 1, minWidth: 0, marginBottom: -1 }}
        tabBarStyle={{ margin: 0 }}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'others', icon: <CloseOutlined />, label: t('tabs.closeOthers') },
            { key: 'all', icon: <CloseCircleOutlined />, label: t('tabs.closeAll') },
          ],
          onClick: ({ key }) => (key === 'all' ? api.closeAll() : api.closeOthers()),
        }}
      >
        <Button size="small" style={{ marginBottom: 6 }} data-testid="tab-actions">
          {t('tabs.actions')} <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
