import { Menu, Typography, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuRoutes, type AppRoute } from '../app/routes';
import { useExternalMenuItems } from '../areas/statistics/externalLinks';
import { useSession } from '../auth/session';
import { useLang } from '../locales';

type Item = Required<MenuProps>['items'][number];

const groupKey = (path: string) => `group:${path}`;

/** A menu title cut by the menu's width shows in full in a tooltip. */
function MenuTitle({ text }: { text: string }) {
  return (
    <Typography.Text ellipsis={{ tooltip: { title: text, placement: 'right' } }} style={{ color: 'inherit', maxWidth: '100%' }}>
      {text}
    </Typography.Text>
  );
}

/**
 * Side menu built from the route table and the user's access list (spec §2): only built screens the
 * user may open and that are not hidden; a group appears when one of its pages does.
 */
export function SideMenu({ current, collapsed, onOpen }: { current?: AppRoute; collapsed: boolean; onOpen: (path: string) => void }) {
  const user = useSession();
  const lang = useLang();
  const { t } = useTranslation();
  const external = useExternalMenuItems(user, lang);
  const routeItems = useMemo(() => {
    const out: Item[] = [];
    const groups = new Map<string, Item[]>();
    for (const route of menuRoutes(user)) {
      if (!route.group) {
        out.push({ key: route.path, icon: route.icon, label: <MenuTitle text={route.title[lang]} /> });
        continue;
      }
      let children = groups.get(route.group.path);
      if (!children) {
        children = [];
        groups.set(route.group.path, children);
        out.push({ key: groupKey(route.group.path), icon: route.group.icon, label: <MenuTitle text={route.group.title[lang]} />, children });
      }
      children.push({ key: route.path, label: <MenuTitle text={route.title[lang]} /> });
    }
    return out;
  }, [user, lang]);
  const items = useMemo(() => [...routeItems, ...external], [routeItems, external]);

  // Open groups of the expanded menu; the collapsed menu's hover pop-ups have their own (closed at first).
  const [openKeys, setOpenKeys] = useState<string[]>(() => (current?.group ? [groupKey(current.group.path)] : []));
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  useEffect(() => setPopupKeys([]), [collapsed]);
  // The group of the page shown opens with it.
  const currentGroup = current?.group ? groupKey(current.group.path) : undefined;
  useEffect(() => {
    if (collapsed) return;
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup, collapsed]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      aria-label={t('menu.label')}
      items={items}
      selectedKeys={current ? [current.path] : []}
      openKeys={collapsed ? popupKeys : openKeys}
      onOpenChange={collapsed ? setPopupKeys : setOpenKeys}
      onClick={({ key }) => {
        setPopupKeys([]);
        // External entries are links of their own (a new tab).
        if (!key.startsWith('external:')) onOpen(key);
      }}
    />
  );
}
