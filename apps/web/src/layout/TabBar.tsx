import { CloseCircleOutlined, CloseOutlined, DownOutlined, VerticalLeftOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../locales';
import type { Tab, TabsApi } from './useTabs';

/**
 * "Rooms · Bund Hotel", "Heartbeat log · AABBCCDDEEFF": a detail page names its subject
 * (`useTabSubject`); until it has, path values other than ids show, since an id says nothing.
 */
export function tabTitle(tab: Tab, lang: ReturnType<typeof useLang>, subject?: string): string {
  const title = tab.route.title[lang];
  const values = subject ? [subject] : Object.values(tab.params).filter((value): value is string => !!value && !/^\d+$/.test(value));
  return values.length ? `${title} · ${values.join(' / ')}` : title;
}

/**
 * The bar of opened pages (spec §2): switch, close (not home); a tab's right-click menu and the
 * actions button (for the shown tab) close it, the others, those to its right, or all.
 */
export function TabBar({ tabs: api }: { tabs: TabsApi }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { tabs, current, homeKey } = api;

  const menuOf = (key: string): MenuProps => {
    const at = tabs.findIndex((tab) => tab.key === key);
    const closable = (tab: { key: string }) => tab.key !== homeKey;
    return {
      items: [
        { key: 'close', icon: <CloseOutlined />, label: t('tabs.close'), disabled: key === homeKey || at === -1 },
        { key: 'others', icon: <CloseOutlined />, label: t('tabs.closeOthers'), disabled: !tabs.some((tab) => tab.key !== key && closable(tab)) },
        { key: 'right', icon: <VerticalLeftOutlined />, label: t('tabs.closeRight'), disabled: at === -1 || !tabs.slice(at + 1).some(closable) },
        { key: 'all', icon: <CloseCircleOutlined />, label: t('tabs.closeAll'), disabled: !tabs.some(closable) },
      ],
      onClick: ({ key: action, domEvent }) => {
        domEvent.stopPropagation();
        if (action === 'close') api.close(key);
        else if (action === 'others') api.closeOthers(key);
        else if (action === 'right') api.closeRight(key);
        else api.closeAll();
      },
    };
  };

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
          label: <span data-testid="tab-label">{tabTitle(tab, lang, api.subjects[tab.key])}</span>,
          closable: tab.key !== homeKey,
        }))}
        renderTabBar={(props, DefaultTabBar) => (
          <DefaultTabBar {...props}>
            {(node) => (
              <Dropdown key={node.key} trigger={['contextMenu']} menu={menuOf(String(node.key))}>
                <div data-testid="tab-context">{node}</div>
              </Dropdown>
            )}
          </DefaultTabBar>
        )}
        style={{ flex: 1, minWidth: 0, marginBottom: -1 }}
        tabBarStyle={{ margin: 0 }}
      />
      <Dropdown
        trigger={['click']}
        menu={menuOf(current?.key ?? '')}
      >
        <Button size="small" style={{ marginBottom: 6 }} data-testid="tab-actions">
          {t('tabs.actions')} <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
